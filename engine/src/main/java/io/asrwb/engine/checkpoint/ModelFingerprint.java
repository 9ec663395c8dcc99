package io.asrwb.engine.checkpoint;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.graph.GraphVertex;
import org.deeplearning4j.nn.conf.graph.LayerVertex;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.deeplearning4j.nn.conf.layers.BaseOutputLayer;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A SHA-256 over what decides whether saved weights fit a model: the graph's vertices and their
 * wiring, each layer's kind, activation and loss, every parameter's name, shape and type, and the
 * alphabet. Training state (iteration count, learning rate, seed) is left out on purpose, so a
 * model keeps its fingerprint while it trains and when its optimizer settings change.
 */
public final class ModelFingerprint {

    private ModelFingerprint() {}

    /** {@code "sha256:"} followed by 64 hex digits. */
    public static String of(ComputationGraph graph, List<String> alphabet) {
        return "sha256:" + sha256Hex(describe(graph, alphabet));
    }

    /**
     * The fingerprint {@link #of(ComputationGraph, List)} gives the graph {@code configuration}
     * builds, taken from the configuration alone: each layer's parameter shapes come from its
     * parameter initializer over a scratch vector, no graph is built and no weight is drawn.
     */
    public static String of(ComputationGraphConfiguration configuration, List<String> alphabet) {
        return "sha256:" + sha256Hex(describe(configuration, alphabet));
    }

    /** The canonical text the fingerprint hashes; readable, for explaining a mismatch. */
    static String describe(ComputationGraph graph, List<String> alphabet) {
        Map<String, String> params = new TreeMap<>();
        graph.paramTable().forEach((name, value) -> params.put(name, describe(value)));
        return describe(graph.getConfiguration(), params, alphabet);
    }

    static String describe(ComputationGraphConfiguration conf, List<String> alphabet) {
        Map<String, String> params = new TreeMap<>();
        conf.getVertices()
                .forEach(
                        (name, vertex) -> {
                            if (vertex instanceof LayerVertex layerVertex) {
                                layerParams(layerVertex.getLayerConf(), conf.getDataType())
                                        .forEach(
                                                (key, value) ->
                                                        params.put(
                                                                name + "_" + key, describe(value)));
                            } else if (vertex.numParams(true) > 0) {
                                throw new IllegalArgumentException(
                                        "vertex "
                                                + name
                                                + " ("
                                                + vertex.getClass().getSimpleName()
                                                + ") has parameters outside a layer; fingerprint"
                                                + " its built graph instead");
                            }
                        });
        return describe(conf, params, alphabet);
    }

    private static Map<String, INDArray> layerParams(NeuralNetConfiguration layer, DataType type) {
        long count = layer.getLayer().initializer().numParams(layer);
        if (count == 0) {
            return Map.of();
        }
        // views over a zero vector, shaped as the graph's own would be; nothing is initialised
        return layer.getLayer()
                .initializer()
                .init(layer.clone(), Nd4j.create(type, 1, count), false);
    }

    private static String describe(INDArray value) {
        return Arrays.toString(value.shape()) + ' ' + value.dataType();
    }

    private static String describe(
            ComputationGraphConfiguration conf, Map<String, String> params, List<String> alphabet) {
        StringBuilder text = new StringBuilder();
        text.append("inputs ").append(conf.getNetworkInputs()).append('\n');
        text.append("outputs ").append(conf.getNetworkOutputs()).append('\n');
        Map<String, GraphVertex> vertices = new TreeMap<>(conf.getVertices());
        vertices.forEach(
                (name, vertex) ->
                        text.append("vertex ")
                                .append(name)
                                .append(" <- ")
                                .append(conf.getVertexInputs().get(name))
                                .append(' ')
                                .append(describe(vertex))
                                .append('\n'));
        params.forEach(
                (name, value) ->
                        text.append("param ").append(name).append(' ').append(value).append('\n'));
        text.append("alphabet ").append(alphabet.size()).append('\n');
        // one label per line, escaped, so labels holding spaces or newlines stay unambiguous
        alphabet.forEach(label -> text.append("label ").append(escape(label)).append('\n'));
        return text.toString();
    }

    private static String describe(GraphVertex vertex) {
        if (!(vertex instanceof LayerVertex layerVertex)) {
            return vertex.getClass().getSimpleName();
        }
        // class names, not toString(): several DL4J and our own classes print identity hashes
        StringBuilder text = new StringBuilder("layer");
        Layer layer = layerVertex.getLayerConf().getLayer();
        text.append(' ').append(layer.getClass().getName());
        if (layer instanceof BaseLayer base && base.getActivationFn() != null) {
            text.append(" activation ").append(base.getActivationFn().getClass().getName());
        }
        if (layer instanceof BaseOutputLayer output && output.getLossFn() != null) {
            text.append(" loss ").append(output.getLossFn().getClass().getName());
        }
        if (layerVertex.getPreProcessor() != null) {
            text.append(" preprocessor ")
                    .append(layerVertex.getPreProcessor().getClass().getName());
        }
        return text.toString();
    }

    private static String escape(String label) {
        StringBuilder escaped = new StringBuilder();
        label.codePoints()
                .forEach(
                        cp -> {
                            if (cp == '\\' || cp < 0x20) {
                                escaped.append(String.format(Locale.ROOT, "\\u%04x", cp));
                            } else {
                                escaped.appendCodePoint(cp);
                            }
                        });
        return escaped.toString();
    }

    static String sha256Hex(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }
}
