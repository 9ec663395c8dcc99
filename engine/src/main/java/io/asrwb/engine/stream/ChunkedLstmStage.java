package io.asrwb.engine.stream;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A latency-controlled bidirectional LSTM layer ({@code MaskedBiLstm.latencyControlled}) run as
 * audio arrives: the forward direction carries its state from frame to frame; once a chunk and the
 * frames it hears after it have arrived, the backward direction runs over them in reverse from a
 * fresh state, and the chunk's frames are final. At the end the last, shorter chunks run over what
 * is left, exactly as training cut them.
 */
final class ChunkedLstmStage implements StreamStage {

    private final ForwardLstmStage ahead;
    private final ForwardLstmStage back;
    private final int chunkFrames;
    private final int width;
    private final boolean concatenate;
    private final List<float[]> waiting = new ArrayList<>();
    private final List<float[]> aheadOutputs = new ArrayList<>();

    /**
     * Parameters as the layer holds them: {@code W [nIn, 8H]}, {@code RW [2, H, 4H]}, {@code b [1,
     * 8H]}; {@code concatenate} for the concatenating merge, else the directions are summed.
     */
    ChunkedLstmStage(
            INDArray w,
            INDArray rw,
            INDArray b,
            int chunkFrames,
            int lookaheadFrames,
            boolean concatenate) {
        long gates = rw.size(2);
        this.ahead =
                new ForwardLstmStage(
                        w.get(all(), interval(0, gates)),
                        rw.get(interval(0, 1), all(), all()),
                        b.get(all(), interval(0, gates)));
        this.back =
                new ForwardLstmStage(
                        w.get(all(), interval(gates, 2 * gates)),
                        rw.get(interval(1, 2), all(), all()),
                        b.get(all(), interval(gates, 2 * gates)));
        this.chunkFrames = chunkFrames;
        this.width = chunkFrames + lookaheadFrames;
        this.concatenate = concatenate;
    }

    @Override
    public List<float[]> accept(List<float[]> frames) {
        if (frames.isEmpty()) {
            return List.of();
        }
        aheadOutputs.addAll(ahead.accept(frames));
        waiting.addAll(frames);
        List<float[]> out = new ArrayList<>();
        while (waiting.size() >= width) {
            runChunk(width, out);
        }
        return out;
    }

    @Override
    public List<float[]> finish() {
        List<float[]> out = new ArrayList<>();
        while (!waiting.isEmpty()) {
            runChunk(Math.min(width, waiting.size()), out);
        }
        return out;
    }

    /** The backward pass over the first {@code length} waiting frames; its chunk's frames out. */
    private void runChunk(int length, List<float[]> out) {
        List<float[]> reversed = new ArrayList<>(waiting.subList(0, length));
        java.util.Collections.reverse(reversed);
        back.reset();
        List<float[]> backOutputs = back.accept(reversed);
        int kept = Math.min(chunkFrames, length);
        for (int j = 0; j < kept; j++) {
            out.add(merged(aheadOutputs.get(j), backOutputs.get(length - 1 - j)));
        }
        waiting.subList(0, kept).clear();
        aheadOutputs.subList(0, kept).clear();
    }

    private float[] merged(float[] forward, float[] backward) {
        if (concatenate) {
            float[] both = new float[forward.length + backward.length];
            System.arraycopy(forward, 0, both, 0, forward.length);
            System.arraycopy(backward, 0, both, forward.length, backward.length);
            return both;
        }
        float[] sum = new float[forward.length];
        for (int i = 0; i < sum.length; i++) {
            sum[i] = forward[i] + backward[i];
        }
        return sum;
    }
}
