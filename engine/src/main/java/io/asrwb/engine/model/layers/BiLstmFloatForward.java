package io.asrwb.engine.model.layers;

import java.nio.FloatBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The recurrence of {@link BiLstmKernel#forward} in float: one GEMM per time step and direction
 * ({@link RecurrentProduct}), the gate arithmetic in plain Java on the arrays' native memory, and
 * the two directions at once ({@link BothDirections}). For training it also keeps what the backward
 * pass needs ({@link BiLstmFloatBackward}): the activated gates, each frame's cell and its tanh.
 *
 * <p>Why: the ND4J loop of {@link BiLstmKernel} issues ~15 ND4J calls and views per step, each with
 * a fixed cost of tens of microseconds, which is what 5 s of audio through DS2-small spent most of
 * its time on (the per-step work is a few thousand floats; docs/PERFORMANCE.md, "Transcription
 * latency"), and it runs the directions one after the other on one core.
 */
final class BiLstmFloatForward {

    private BiLstmFloatForward() {}

    /**
     * Float on the CPU backend: the loops read and write the arrays' memory through host views,
     * which a GPU backend's arrays (their values on the device) do not offer.
     */
    static boolean applies(INDArray gates) {
        return gates.dataType() == DataType.FLOAT && RecurrentProduct.onCpuBackend();
    }

    /**
     * Fills {@code states [T, D, B, H]} from {@code gates [T, D, B, 4H]} (input projections plus
     * bias, in each direction's processing order) and {@code rw [D, H, 4H]}; all c-ordered. D is 2,
     * or 1 for a forward-only layer (then no helper thread is used).
     *
     * @param cells {@code [T, D, B, H]} to keep each frame's cell, its tanh in {@code cellTanh} and
     *     the activated gates in {@code gates} for the backward pass; null for inference
     */
    static void run(
            INDArray gates, INDArray rw, INDArray states, INDArray cells, INDArray cellTanh) {
        int directions = (int) rw.size(0);
        int frames = (int) gates.size(0);
        int batch = (int) gates.size(2);
        BothDirections.run(
                directions,
                d ->
                        new Direction(
                                d,
                                rw,
                                batch,
                                new Sequences(gates, states, cells, cellTanh, frames)));
    }

    /** The arrays a pass reads and writes, all directions' rows. */
    private record Sequences(
            INDArray gates, INDArray states, INDArray cells, INDArray cellTanh, int frames) {}

    /** One direction's pass ({@code d}: 0 forward, 1 backward). */
    private static final class Direction extends LstmDirectionStep {
        private final Sequences sequences;

        Direction(int d, INDArray rw, int batch, Sequences sequences) {
            super(d, rw, batch, false);
            this.sequences = sequences;
        }

        /** The recurrence over all frames; touches only this direction's rows of the arrays. */
        @Override
        public void run() {
            int frames = sequences.frames();
            boolean keep = sequences.cells() != null;
            FloatBuffer gateMemory = BothDirections.floats(sequences.gates());
            FloatBuffer stateMemory = BothDirections.floats(sequences.states());
            FloatBuffer cellMemory = keep ? BothDirections.floats(sequences.cells()) : null;
            FloatBuffer cellTanhMemory = keep ? BothDirections.floats(sequences.cellTanh()) : null;
            FloatBuffer previousMemory = BothDirections.floats(in);
            FloatBuffer recurrentMemory = BothDirections.floats(out);
            float[] g = new float[gateBlock];
            float[] r = new float[gateBlock];
            float[] cell = new float[stateBlock];
            float[] activated = new float[stateBlock];
            float[] h = new float[stateBlock];
            for (int t = 0; t < frames; t++) {
                int gateAt = gateAt(t);
                int stateAt = stateAt(t);
                gateMemory.get(gateAt, g);
                if (t > 0) {
                    multiply();
                    recurrentMemory.get(0, r);
                    for (int k = 0; k < g.length; k++) {
                        g[k] += r[k];
                    }
                }
                for (int row = 0; row < batch; row++) {
                    int gate = row * gateWidth;
                    int unit = row * hidden;
                    for (int j = 0; j < hidden; j++) {
                        float in = sigmoid(g[gate + j]);
                        float forget = sigmoid(g[gate + hidden + j]);
                        float out = sigmoid(g[gate + 2 * hidden + j]);
                        float candidate = tanh(g[gate + 3 * hidden + j]);
                        float c = in * candidate + (t > 0 ? forget * cell[unit + j] : 0f);
                        float cTanh = tanh(c);
                        cell[unit + j] = c;
                        activated[unit + j] = cTanh;
                        h[unit + j] = out * cTanh;
                        g[gate + j] = in;
                        g[gate + hidden + j] = forget;
                        g[gate + 2 * hidden + j] = out;
                        g[gate + 3 * hidden + j] = candidate;
                    }
                }
                if (keep) {
                    gateMemory.put(gateAt, g);
                    cellMemory.put(stateAt, cell);
                    cellTanhMemory.put(stateAt, activated);
                }
                stateMemory.put(stateAt, h);
                previousMemory.put(0, h);
            }
        }
    }

    private static float sigmoid(float x) {
        return (float) (1.0 / (1.0 + Math.exp(-x)));
    }

    /**
     * tanh through exp, which the JIT makes an intrinsic (Math.tanh stays a library call, and was
     * most of the gate arithmetic's time); exact to float rounding, and ±1 where exp overflows.
     */
    private static float tanh(float x) {
        return (float) (1.0 - 2.0 / (Math.exp(2.0 * x) + 1.0));
    }
}
