package io.asrwb.engine.model.layers;

import java.nio.FloatBuffer;
import java.util.Arrays;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The loop over time of {@link BiLstmBackward} in float, after a {@link BiLstmFloatForward} pass:
 * each frame's gate gradients from the state gradient, the gates, the cells and their tanh, with
 * the local derivatives worked out in the loop, one GEMM per frame and direction for the state
 * gradient carried back ({@code dGates · Wᵀ}), the two directions at once.
 *
 * <p>Why: the ND4J loop issues ~12 calls and views per frame and direction pair with a fixed cost
 * of tens of microseconds each, on one core, and needs five whole-sequence arrays of local
 * derivatives first; this reads the forward pass's arrays where they lie.
 */
final class BiLstmFloatBackward {

    private BiLstmFloatBackward() {}

    /**
     * Fills {@code gateGrad [T, D, B, 4H]} (gate order input, forget, output, cell); {@code
     * stateGrad [T, D, B, H]}, the output's gradient in each direction's processing order, is read
     * only. {@code gates} are the activated gates, {@code cells} and {@code cellTanh} each frame's
     * cell and its tanh, as {@link BiLstmFloatForward} keeps them; all c-ordered.
     */
    static void run(
            INDArray gates,
            INDArray cells,
            INDArray cellTanh,
            INDArray stateGrad,
            INDArray rw,
            INDArray gateGrad) {
        int directions = (int) gates.size(1);
        int batch = (int) gates.size(2);
        BothDirections.run(
                directions,
                d ->
                        new Direction(
                                d,
                                rw,
                                batch,
                                new Sequences(gates, cells, cellTanh, stateGrad, gateGrad)));
    }

    /** The arrays a pass reads and writes, all directions' rows. */
    private record Sequences(
            INDArray gates,
            INDArray cells,
            INDArray cellTanh,
            INDArray stateGrad,
            INDArray gateGrad) {}

    /** One direction's pass ({@code d}: 0 forward, 1 backward). */
    private static final class Direction extends LstmDirectionStep {
        private final Sequences sequences;

        Direction(int d, INDArray rw, int batch, Sequences sequences) {
            super(d, rw, batch, true);
            this.sequences = sequences;
        }

        @Override
        public void run() {
            int frames = (int) sequences.gates().size(0);
            FloatBuffer gateMemory = BothDirections.floats(sequences.gates());
            FloatBuffer cellMemory = BothDirections.floats(sequences.cells());
            FloatBuffer cellTanhMemory = BothDirections.floats(sequences.cellTanh());
            FloatBuffer stateGradMemory = BothDirections.floats(sequences.stateGrad());
            FloatBuffer gateGradMemory = BothDirections.floats(sequences.gateGrad());
            FloatBuffer gateStepMemory = BothDirections.floats(in);
            FloatBuffer carriedMemory = BothDirections.floats(out);
            float[] g = new float[gateBlock];
            float[] dg = new float[gateBlock];
            float[] dState = new float[stateBlock];
            float[] carriedState = new float[stateBlock];
            float[] carriedCell = new float[stateBlock]; // zero: nothing comes after the last frame
            float[] previousCell = new float[stateBlock];
            float[] activated = new float[stateBlock];
            for (int t = frames - 1; t >= 0; t--) {
                int gateAt = gateAt(t);
                int stateAt = stateAt(t);
                gateMemory.get(gateAt, g);
                cellTanhMemory.get(stateAt, activated);
                stateGradMemory.get(stateAt, dState);
                if (t > 0) {
                    cellMemory.get(stateAt(t - 1), previousCell);
                } else {
                    Arrays.fill(previousCell, 0f);
                }
                if (t < frames - 1) {
                    carriedMemory.get(0, carriedState);
                    for (int k = 0; k < stateBlock; k++) {
                        dState[k] += carriedState[k];
                    }
                }
                for (int row = 0; row < batch; row++) {
                    int gate = row * gateWidth;
                    int unit = row * hidden;
                    for (int j = 0; j < hidden; j++) {
                        float in = g[gate + j];
                        float forget = g[gate + hidden + j];
                        float out = g[gate + 2 * hidden + j];
                        float candidate = g[gate + 3 * hidden + j];
                        float cTanh = activated[unit + j];
                        float ds = dState[unit + j];
                        float dc = ds * (1f - cTanh * cTanh) * out + carriedCell[unit + j];
                        dg[gate + j] = dc * (1f - in) * in * candidate;
                        dg[gate + hidden + j] =
                                dc * (1f - forget) * forget * previousCell[unit + j];
                        dg[gate + 2 * hidden + j] = ds * (1f - out) * out * cTanh;
                        dg[gate + 3 * hidden + j] = dc * (1f - candidate * candidate) * in;
                        carriedCell[unit + j] = dc * forget;
                    }
                }
                gateGradMemory.put(gateAt, dg);
                if (t > 0) {
                    gateStepMemory.put(0, dg);
                    multiply();
                }
            }
        }
    }
}
