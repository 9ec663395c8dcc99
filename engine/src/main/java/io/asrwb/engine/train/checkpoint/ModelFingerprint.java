package io.asrwb.engine.train.checkpoint;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.graph.GraphVertex;
import org.deeplearning4j.nn.conf.graph.LayerVertex;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.deeplearning4j.nn.conf.layers.BaseOutputLayer;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;

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

    /** The canonical text the fingerprint hashes; readable, for explaining a mismatch. */
    static String describe(ComputationGraph graph, List<String> alphabet) {
        ComputationGraphConfiguration conf = graph.getConfiguration();
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
        Map<String, INDArray> params = new TreeMap<>(graph.paramTable());
        params.forEach(
                (name, value) ->
                        text.append("param ")
                                .append(name)
                                .append(' ')
                                .append(Arrays.toString(value.shape()))
                                .append(' ')
                                .append(value.dataType())
                                .append('\n'));
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
                                escaped.append(String.format("\\u%04x", cp));
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
