package io.asrwb.engine.model.layers;

import java.nio.FloatBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

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

    static boolean applies(INDArray gates) {
        return gates.dataType() == DataType.FLOAT;
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
            INDArray gates,
            INDArray rw,
            INDArray states,
            INDArray cells,
            INDArray cellTanh,
            int frames,
            int batch,
            int hidden) {
        int directions = (int) rw.size(0);
        Direction[] each = new Direction[directions];
        for (int d = 0; d < directions; d++) {
            each[d] = new Direction(d, directions, rw, batch, hidden);
        }
        Runnable[] work = new Runnable[directions];
        for (int d = 0; d < directions; d++) {
            Direction direction = each[d];
            work[d] = () -> direction.run(gates, states, cells, cellTanh, frames);
        }
        try {
            BothDirections.run(work);
        } finally {
            for (Direction direction : each) {
                direction.release();
            }
        }
    }

    /** One direction's weights and step buffers ({@code d}: 0 forward, 1 backward). */
    private static final class Direction {
        private final int d;
        private final int directions;
        private final int batch;
        private final int hidden;
        private final INDArray weights; // [H, 4H], this direction's own copy
        private final INDArray previous;
        private final INDArray recurrent;
        private final RecurrentProduct product;

        Direction(int d, int directions, INDArray rw, int batch, int hidden) {
            this.d = d;
            this.directions = directions;
            this.batch = batch;
            this.hidden = hidden;
            this.weights =
                    BufferPool.shared()
                            .create(rw.dataType(), hidden, 4L * hidden)
                            .assign(rw.slice(d));
            this.previous = Nd4j.create(DataType.FLOAT, batch, hidden);
            this.recurrent = Nd4j.create(DataType.FLOAT, batch, 4L * hidden);
            this.product = new RecurrentProduct(previous, weights, recurrent, false);
        }

        /** The recurrence over all frames; touches only this direction's rows of the arrays. */
        void run(INDArray gates, INDArray states, INDArray cells, INDArray cellTanh, int frames) {
            int gateWidth = 4 * hidden;
            int gateBlock = batch * gateWidth;
            int stateBlock = batch * hidden;
            boolean keep = cells != null;
            FloatBuffer gateMemory = BothDirections.floats(gates);
            FloatBuffer stateMemory = BothDirections.floats(states);
            FloatBuffer cellMemory = keep ? BothDirections.floats(cells) : null;
            FloatBuffer cellTanhMemory = keep ? BothDirections.floats(cellTanh) : null;
            FloatBuffer previousMemory = BothDirections.floats(previous);
            FloatBuffer recurrentMemory = BothDirections.floats(recurrent);
            float[] g = new float[gateBlock];
            float[] r = new float[gateBlock];
            float[] cell = new float[stateBlock];
            float[] activated = new float[stateBlock];
            float[] h = new float[stateBlock];
            for (int t = 0; t < frames; t++) {
                int gateAt = (directions * t + d) * gateBlock;
                int stateAt = (directions * t + d) * stateBlock;
                gateMemory.get(gateAt, g);
                if (t > 0) {
                    product.run();
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

        void release() {
            NativeMemory.release(weights, previous, recurrent);
        }
    }

    static float sigmoid(float x) {
        return (float) (1.0 / (1.0 + Math.exp(-x)));
    }

    /**
     * tanh through exp, which the JIT makes an intrinsic (Math.tanh stays a library call, and was
     * most of the gate arithmetic's time); exact to float rounding, and ±1 where exp overflows.
     */
    static float tanh(float x) {
        return (float) (1.0 - 2.0 / (Math.exp(2.0 * x) + 1.0));
    }
}
