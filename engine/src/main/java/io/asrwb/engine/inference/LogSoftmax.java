package io.asrwb.engine.inference;

import io.asrwb.engine.model.layers.NativeMemory;
import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Per-frame log-probabilities from a CTC graph's raw class scores, for the decoders. */
public final class LogSoftmax {

    private LogSoftmax() {}

    /**
     * Each utterance's {@code [frames][K]} log-softmax of {@code scores} {@code [B,K,T]}, only its
     * own {@code frames[b]} frames.
     */
    public static List<float[][]> perUtterance(INDArray scores, int[] frames) {
        int batch = (int) scores.size(0);
        int classes = (int) scores.size(1);
        int width = (int) scores.size(2);
        INDArray floats = scores.castTo(DataType.FLOAT);
        INDArray ordered = floats.dup('c');
        float[] data = ordered.data().asFloat();
        // copies of ours, freed now rather than by the collector (a long file's every window)
        NativeMemory.release(ordered, floats == scores ? null : floats);
        List<float[][]> out = new ArrayList<>(batch);
        for (int b = 0; b < batch; b++) {
            int valid = Math.min(frames[b], width);
            float[][] rows = new float[valid][classes];
            for (int t = 0; t < valid; t++) {
                double max = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < classes; k++) {
                    rows[t][k] = data[(b * classes + k) * width + t];
                    max = Math.max(max, rows[t][k]);
                }
                double sum = 0;
                for (int k = 0; k < classes; k++) {
                    sum += Math.exp(rows[t][k] - max);
                }
                float logZ = (float) (max + Math.log(sum));
                for (int k = 0; k < classes; k++) {
                    rows[t][k] -= logZ;
                }
            }
            out.add(rows);
        }
        return out;
    }
}
