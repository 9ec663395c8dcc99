package io.asrwb.engine.stream;

import io.asrwb.engine.model.layers.ConvGeometry;
import java.util.ArrayList;
import java.util.List;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A graph layer whose output frame j reads input frames {@code [j·s − p, j·s − p + k)} (a
 * convolution; a per-frame layer such as batch norm in inference is k = s = 1, p = 0), run on a
 * window of the frames seen so far: an output frame once its last input frame is in, the tail (with
 * the layer's zero padding at the end) when the input ends. The layer itself computes each window,
 * so the output is what the whole-utterance pass gives: windows start {@code ceil(p/s)} output
 * frames early (whose reads of the layer's left zero padding are thrown away) unless they start at
 * the utterance's first frame, whose padding is the real one.
 */
final class WindowedLayerStage implements StreamStage {

    private final Layer layer;
    private final Object graphLock;
    private final int kernel;
    private final int stride;
    private final int pad;
    private final int lead;
    private final List<float[]> inputs = new ArrayList<>(); // frames [dropped, received)
    private int dropped;
    private int emitted;

    /**
     * @param graphLock what the graph's other users synchronise on (its layers hold their input)
     */
    WindowedLayerStage(Layer layer, ConvGeometry geometry, Object graphLock) {
        this(
                layer,
                geometry.dilationFrames() * (geometry.kernelFrames() - 1) + 1,
                geometry.strideFrames(),
                geometry.padFrames(),
                graphLock);
    }

    /** A layer that maps each frame on its own. */
    static WindowedLayerStage perFrame(Layer layer, Object graphLock) {
        return new WindowedLayerStage(layer, 1, 1, 0, graphLock);
    }

    private WindowedLayerStage(Layer layer, int kernel, int stride, int pad, Object graphLock) {
        this.layer = layer;
        this.graphLock = graphLock;
        this.kernel = kernel;
        this.stride = stride;
        this.pad = pad;
        this.lead = (pad + stride - 1) / stride;
    }

    @Override
    public List<float[]> accept(List<float[]> frames) {
        inputs.addAll(frames);
        int received = dropped + inputs.size();
        int reach = received + pad - kernel;
        int ready = reach < 0 ? 0 : reach / stride + 1;
        return outputs(ready, (ready - 1) * stride - pad + kernel);
    }

    @Override
    public List<float[]> finish() {
        int received = dropped + inputs.size();
        long span = (long) received + 2L * pad - kernel;
        int total = span < 0 ? 0 : (int) (span / stride + 1);
        return outputs(total, received);
    }

    /** Output frames {@code [emitted, upTo)} from the input frames before {@code end}. */
    private List<float[]> outputs(int upTo, int end) {
        if (upTo <= emitted) {
            return List.of();
        }
        int firstOut = Math.max(0, emitted - lead);
        int start = firstOut * stride;
        int skip = emitted - firstOut;
        float[][] out = run(start, end);
        List<float[]> ready = new ArrayList<>(upTo - emitted);
        for (int j = 0; j < upTo - emitted; j++) {
            ready.add(out[skip + j]);
        }
        emitted = upTo;
        // Later windows start at (emitted - lead) * stride or after: nothing before is read again.
        int drop = Math.min(Math.max(0, emitted - lead) * stride - dropped, inputs.size());
        if (drop > 0) {
            inputs.subList(0, drop).clear();
            dropped += drop;
        }
        return ready;
    }

    /** The layer on input frames {@code [start, end)}: its output frames, time-major. */
    private float[][] run(int start, int end) {
        int frames = end - start;
        int width = inputs.get(0).length;
        float[] data = new float[width * frames];
        for (int t = 0; t < frames; t++) {
            float[] frame = inputs.get(start - dropped + t);
            for (int f = 0; f < width; f++) {
                data[f * frames + t] = frame[f];
            }
        }
        INDArray out;
        synchronized (graphLock) {
            layer.setMaskArray(null);
            layer.setInput(
                    Nd4j.create(data, new long[] {1, width, frames}, 'c')
                            .castTo(
                                    layer.getParam(layer.paramTable().keySet().iterator().next())
                                            .dataType()),
                    LayerWorkspaceMgr.noWorkspaces());
            out = layer.activate(false, LayerWorkspaceMgr.noWorkspaces());
            layer.clear();
        }
        float[] values = out.castTo(DataType.FLOAT).dup('c').data().asFloat();
        int outWidth = (int) out.size(1);
        int outFrames = (int) out.size(2);
        float[][] byFrame = new float[outFrames][outWidth];
        for (int f = 0; f < outWidth; f++) {
            for (int t = 0; t < outFrames; t++) {
                byFrame[t][f] = values[f * outFrames + t];
            }
        }
        return byFrame;
    }
}
