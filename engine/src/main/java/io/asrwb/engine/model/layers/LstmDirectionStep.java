package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One LSTM direction's per-frame product and where its rows lie in the {@code [T, D, B, ·]}
 * sequences: the weights {@code [H, 4H]} copied out of {@code rw [D, H, 4H]}, a step's input and
 * output arrays, and the GEMM between them ({@code in · W} forward, {@code in · Wᵀ} backward). Made
 * and freed on the caller's thread ({@link BothDirections}); float only. Subclasses are the passes.
 */
abstract class LstmDirectionStep implements BothDirections.Pass {

    final int batch;
    final int hidden;
    final int gateWidth; // one batch row's four gates
    final int gateBlock; // one frame's gate rows in this direction
    final int stateBlock; // one frame's state rows in this direction
    final INDArray in;
    final INDArray out;
    private final int d;
    private final int directions;
    private final INDArray weights;
    private final RecurrentProduct product;

    /**
     * @param transposed the backward pass's {@code [B, 4H] · Wᵀ}; else the forward pass's {@code
     *     [B, H] · W}
     */
    LstmDirectionStep(int d, INDArray rw, int batch, boolean transposed) {
        this.d = d;
        this.directions = (int) rw.size(0);
        this.batch = batch;
        this.hidden = (int) rw.size(1);
        this.gateWidth = 4 * hidden;
        this.gateBlock = batch * gateWidth;
        this.stateBlock = batch * hidden;
        this.weights =
                BufferPool.shared().create(rw.dataType(), hidden, gateWidth).assign(rw.slice(d));
        this.in = Nd4j.create(DataType.FLOAT, batch, transposed ? gateWidth : hidden);
        this.out = Nd4j.create(DataType.FLOAT, batch, transposed ? hidden : gateWidth);
        this.product = new RecurrentProduct(in, weights, out, transposed);
    }

    /** Overwrites {@link #out} with the product of {@link #in} and the weights. */
    void multiply() {
        product.run();
    }

    /** Where frame {@code t}'s rows of this direction start in a {@code [T, D, B, 4H]} sequence. */
    int gateAt(int t) {
        return (directions * t + d) * gateBlock;
    }

    /** Where frame {@code t}'s rows of this direction start in a {@code [T, D, B, H]} sequence. */
    int stateAt(int t) {
        return (directions * t + d) * stateBlock;
    }

    @Override
    public final void release() {
        NativeMemory.release(weights, in, out);
    }
}
