package io.asrwb.engine.stream;

import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A forward-only LSTM layer ({@code MaskedBiLstm} with one direction) with its state carried from
 * one chunk to the next: the input projections of a chunk in one GEMM, then the recurrence frame by
 * frame in plain Java with the arithmetic of the whole-utterance inference loop (gates i f o g,
 * sigmoid and tanh through exp). Every output frame is final as soon as its input arrives.
 */
final class ForwardLstmStage implements StreamStage {

    private final INDArray inputWeights; // [nIn, 4H]
    private final INDArray bias; // [1, 4H]
    private final float[] recurrent; // [H][4H] row-major
    private final int hidden;
    private final float[] state;
    private final float[] cell;
    private boolean started;

    /** Parameters as the layer holds them: {@code W [nIn, 4H]}, {@code RW [1, H, 4H]}, {@code b [1, 4H]}. */
    ForwardLstmStage(INDArray w, INDArray rw, INDArray b) {
        if (rw.rank() != 3 || rw.size(0) != 1) {
            throw new IllegalArgumentException(
                    "a streaming LSTM needs one direction, got recurrent weights "
                            + java.util.Arrays.toString(rw.shape()));
        }
        this.hidden = (int) rw.size(1);
        this.inputWeights = w.castTo(DataType.FLOAT).dup('c');
        this.bias = b.castTo(DataType.FLOAT).dup('c');
        this.recurrent = rw.castTo(DataType.FLOAT).dup('c').data().asFloat();
        this.state = new float[hidden];
        this.cell = new float[hidden];
    }

    @Override
    public List<float[]> accept(List<float[]> frames) {
        if (frames.isEmpty()) {
            return List.of();
        }
        INDArray projected = FrameRows.of(frames, (int) inputWeights.size(0)).mmul(inputWeights);
        projected.addiRowVector(bias);
        float[] gates = projected.dup('c').data().asFloat();
        int gateWidth = 4 * hidden;
        List<float[]> out = new ArrayList<>(frames.size());
        float[] g = new float[gateWidth];
        for (int t = 0; t < frames.size(); t++) {
            System.arraycopy(gates, t * gateWidth, g, 0, gateWidth);
            if (started) {
                for (int i = 0; i < hidden; i++) {
                    float h = state[i];
                    int row = i * gateWidth;
                    for (int k = 0; k < gateWidth; k++) {
                        g[k] += h * recurrent[row + k];
                    }
                }
            }
            float[] h = new float[hidden];
            for (int j = 0; j < hidden; j++) {
                float in = sigmoid(g[j]);
                float forget = sigmoid(g[hidden + j]);
                float outGate = sigmoid(g[2 * hidden + j]);
                float candidate = tanh(g[3 * hidden + j]);
                float c = in * candidate + (started ? forget * cell[j] : 0f);
                cell[j] = c;
                h[j] = outGate * tanh(c);
            }
            System.arraycopy(h, 0, state, 0, hidden);
            started = true;
            out.add(h);
        }
        return out;
    }

    /** Forgets the state: the next frame starts a fresh sequence (a latency-controlled chunk's). */
    void reset() {
        started = false;
    }

    @Override
    public List<float[]> finish() {
        return List.of();
    }

    private static float sigmoid(float x) {
        return (float) (1.0 / (1.0 + Math.exp(-x)));
    }

    private static float tanh(float x) {
        return (float) (1.0 - 2.0 / (Math.exp(2.0 * x) + 1.0));
    }
}
