package io.asrwb.engine.model.layers;

import java.nio.FloatBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

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
        int frames = (int) gates.size(0);
        int directions = (int) gates.size(1);
        int batch = (int) gates.size(2);
        int hidden = (int) rw.size(1);
        Direction[] each = new Direction[directions];
        for (int d = 0; d < directions; d++) {
            each[d] = new Direction(d, directions, rw, batch, hidden);
        }
        Runnable[] work = new Runnable[directions];
        for (int d = 0; d < directions; d++) {
            Direction direction = each[d];
            work[d] = () -> direction.run(gates, cells, cellTanh, stateGrad, gateGrad, frames);
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
        private final INDArray gateStep;
        private final INDArray carried;
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
            this.gateStep = Nd4j.create(DataType.FLOAT, batch, 4L * hidden);
            this.carried = Nd4j.create(DataType.FLOAT, batch, hidden);
            this.product = new RecurrentProduct(gateStep, weights, carried, true);
        }

        void run(
                INDArray gates,
                INDArray cells,
                INDArray cellTanh,
                INDArray stateGrad,
                INDArray gateGrad,
                int frames) {
            int gateWidth = 4 * hidden;
            int gateBlock = batch * gateWidth;
            int stateBlock = batch * hidden;
            FloatBuffer gateMemory = BothDirections.floats(gates);
            FloatBuffer cellMemory = BothDirections.floats(cells);
            FloatBuffer cellTanhMemory = BothDirections.floats(cellTanh);
            FloatBuffer stateGradMemory = BothDirections.floats(stateGrad);
            FloatBuffer gateGradMemory = BothDirections.floats(gateGrad);
            FloatBuffer gateStepMemory = BothDirections.floats(gateStep);
            FloatBuffer carriedMemory = BothDirections.floats(carried);
            float[] g = new float[gateBlock];
            float[] dg = new float[gateBlock];
            float[] dState = new float[stateBlock];
            float[] carriedState = new float[stateBlock];
            float[] carriedCell = new float[stateBlock]; // zero: nothing comes after the last frame
            float[] previousCell = new float[stateBlock];
            float[] activated = new float[stateBlock];
            for (int t = frames - 1; t >= 0; t--) {
                int gateAt = (directions * t + d) * gateBlock;
                int stateAt = (directions * t + d) * stateBlock;
                gateMemory.get(gateAt, g);
                cellTanhMemory.get(stateAt, activated);
                stateGradMemory.get(stateAt, dState);
                if (t > 0) {
                    cellMemory.get(stateAt - directions * stateBlock, previousCell);
                } else {
                    java.util.Arrays.fill(previousCell, 0f);
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
                    product.run();
                }
            }
        }

        void release() {
            NativeMemory.release(weights, gateStep, carried);
        }
    }
}
