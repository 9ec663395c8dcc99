package io.asrwb.engine.stream;

import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import io.asrwb.engine.model.layers.MaskedBiLstm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import io.asrwb.engine.model.loss.CtcLossLayer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.graph.vertex.GraphVertex;

/**
 * A CTC graph as a chain of {@link StreamStage}s: feature frames in, per-frame log-probabilities
 * out, each output frame as soon as no later audio can change it. Only graphs whose every layer can
 * run so are accepted: our convolutions, 2-D and depthwise 1-D (bounded lookahead: their right
 * padding; a depthwise one after the LSTMs is DS2's lookahead convolution), batch norm
 * (inference statistics, frame by frame), forward-only and latency-controlled LSTMs (the backward
 * direction over bounded chunks) and the linear map to the alphabet. A bidirectional LSTM over the
 * whole utterance reads its end at its first frame, so such a model is refused.
 */
final class StreamingModel {

    private final List<StreamStage> stages;

    private StreamingModel(List<StreamStage> stages) {
        this.stages = stages;
    }

    /** Why {@code graph} cannot run incrementally, or empty when it can. */
    static Optional<String> unsupported(ComputationGraph graph) {
        for (GraphVertex vertex : chain(graph)) {
            if (!vertex.hasLayer()) {
                return Optional.of("graph vertex " + vertex.getVertexName() + " is not a layer");
            }
            org.deeplearning4j.nn.conf.layers.Layer conf = vertex.getLayer().conf().getLayer();
            if (conf instanceof MaskedBiLstm lstm
                    && lstm.isBidirectional()
                    && !lstm.isLatencyControlled()) {
                return Optional.of(
                        "layer "
                                + vertex.getVertexName()
                                + " is a bidirectional LSTM over the whole utterance: it needs the"
                                + " utterance's end first (model.chunk_frames makes one that"
                                + " streams)");
            }
            if (!(conf instanceof MaskedConv2d
                    || conf instanceof MaskedDepthwiseConv1d
                    || conf instanceof MaskedBatchNorm
                    || conf instanceof MaskedBiLstm
                    || conf instanceof DenseLayer
                    || conf instanceof CtcLossLayer)) {
                return Optional.of(
                        "layer "
                                + vertex.getVertexName()
                                + " ("
                                + conf.getClass().getSimpleName()
                                + ") has no incremental form");
            }
        }
        return Optional.empty();
    }

    /** Fresh per-utterance state over {@code graph}'s weights (which it reads, never changes). */
    static StreamingModel of(ComputationGraph graph) {
        unsupported(graph)
                .ifPresent(
                        why -> {
                            throw new IllegalArgumentException(
                                    "this model cannot transcribe while audio arrives: " + why);
                        });
        List<StreamStage> stages = new ArrayList<>();
        for (GraphVertex vertex : chain(graph)) {
            Layer layer = vertex.getLayer();
            org.deeplearning4j.nn.conf.layers.Layer conf = layer.conf().getLayer();
            if (conf instanceof MaskedConv2d conv) {
                stages.add(new WindowedLayerStage(layer, conv.geometry(), graph));
            } else if (conf instanceof MaskedDepthwiseConv1d depthwise) {
                stages.add(new WindowedLayerStage(layer, depthwise.geometry(), graph));
            } else if (conf instanceof MaskedBatchNorm) {
                stages.add(WindowedLayerStage.perFrame(layer, graph));
            } else if (conf instanceof MaskedBiLstm lstm && lstm.isLatencyControlled()) {
                stages.add(
                        new ChunkedLstmStage(
                                layer.getParam("W"),
                                layer.getParam("RW"),
                                layer.getParam("b"),
                                lstm.getChunkFrames(),
                                lstm.getChunkLookaheadFrames(),
                                lstm.getMerge() == DirectionMerge.CONCAT));
            } else if (conf instanceof MaskedBiLstm) {
                stages.add(
                        new ForwardLstmStage(
                                layer.getParam("W"), layer.getParam("RW"), layer.getParam("b")));
            } else if (conf instanceof DenseLayer) {
                stages.add(new ClassScoresStage(layer.getParam("W"), layer.getParam("b")));
            }
        }
        return new StreamingModel(stages);
    }

    /** Feature frames in; the log-probability frames that are now final out. */
    List<float[]> accept(List<float[]> frames) {
        List<float[]> current = frames;
        for (StreamStage stage : stages) {
            current = stage.accept(current);
        }
        return current;
    }

    /** The input has ended: the remaining log-probability frames. */
    List<float[]> finish() {
        List<float[]> current = List.of();
        for (StreamStage stage : stages) {
            List<float[]> flushed = new ArrayList<>(stage.accept(current));
            flushed.addAll(stage.finish());
            current = flushed;
        }
        return current;
    }

    /** The graph's vertices in the order data flows through them, inputs left out. */
    private static List<GraphVertex> chain(ComputationGraph graph) {
        List<GraphVertex> out = new ArrayList<>();
        GraphVertex[] vertices = graph.getVertices();
        for (int index : graph.topologicalSortOrder()) {
            GraphVertex vertex = vertices[index];
            if (!vertex.isInputVertex()) {
                out.add(vertex);
            }
        }
        return out;
    }
}
