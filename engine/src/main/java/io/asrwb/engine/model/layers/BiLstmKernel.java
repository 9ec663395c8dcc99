package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.api.ops.impl.transforms.strict.Tanh;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The forward arithmetic of a bidirectional (or, with one direction, forward-only) LSTM over a
 * masked batch, on plain ND4J arrays (no DL4J); {@link BiLstmBackward} is its backward pass. Gate order within each direction's 4H block:
 * input, forget, output, cell.
 *
 * <p>Speed layout: the input projections of all frames and both directions are one GEMM {@code
 * [T·B, nIn] × [nIn, 8H]}; weight gradients are again whole-sequence GEMMs. Only the recurrence is
 * a loop: in float {@link BiLstmFloatForward} and {@link BiLstmFloatBackward} (one GEMM per step
 * and direction, the gate arithmetic in plain Java, the directions side by side); in double, and
 * as the tests' reference, ND4J ops on contiguous {@code [2,B,·]} blocks, one batched GEMM {@code
 * [2,B,H] × [2,H,4H]} a step.
 *
 * <p>Parameters: {@code w [nIn, D·4H]} (forward gates then backward gates), {@code rw [D, H, 4H]},
 * {@code bias [1, D·4H]}, D the directions (2, or 1 for a forward-only layer: rw's first size).
 */
final class BiLstmKernel {

    private BiLstmKernel() {}

    /** What the backward pass needs from the forward pass; all arrays detached from workspaces. */
    record Forward(
            INDArray input,
            INDArray timeMajorInput,
            INDArray frameMask,
            TimeReversal reversal,
            INDArray gates,
            INDArray cells,
            INDArray cellTanh,
            INDArray hidden,
            INDArray output,
            boolean floatLoops)
            implements LstmForwardState {

        /**
         * Frees the cached state and the frame mask (a copy made for this pass); not the input or the
         * output, which DL4J may still hold.
         */
        @Override
        public void release() {
            NativeMemory.release(timeMajorInput, frameMask, gates, cells, cellTanh, hidden);
        }
    }

    /**
     * Forward pass. {@code x [B, nIn, T]}; {@code frameMask [B, T]} or null; output {@code [B, H or
     * 2H, T]} with padded frames zero.
     *
     * @param forBackward keep what the backward pass needs; without it (inference) {@link
     *     Forward#cells()} and {@link Forward#cellTanh()} are null
     */
    static Forward forward(
            INDArray x,
            INDArray frameMask,
            int[] lengths,
            INDArray w,
            INDArray rw,
            INDArray bias,
            DirectionMerge merge,
            boolean forBackward) {
        return forward(
                x,
                frameMask,
                lengths,
                w,
                rw,
                bias,
                merge,
                forBackward,
                BiLstmFloatForward.applies(x));
    }

    /**
     * @param floatLoops run the recurrence (and later the backward pass's) in {@link
     *     BiLstmFloatForward} and {@link BiLstmFloatBackward} (float only); false runs it as ND4J ops,
     *     the reference the tests hold those loops to (and the only path in double precision)
     */
    static Forward forward(
            INDArray x,
            INDArray frameMask,
            int[] lengths,
            INDArray w,
            INDArray rw,
            INDArray bias,
            DirectionMerge merge,
            boolean forBackward,
            boolean floatLoops) {
        int batch = (int) x.size(0);
        int nIn = (int) x.size(1);
        int frames = (int) x.size(2);
        int directions = (int) rw.size(0);
        int hidden = (int) rw.size(1);
        int gateWidth = 4 * hidden;
        TimeReversal reversal = TimeReversal.of(frames, lengths, directions);

        INDArray timeMajor =
                NativeMemory.ownedCopy(x.permute(2, 0, 1)).reshape('c', (long) frames * batch, nIn);
        INDArray projected = MatrixProducts.product(timeMajor, w, false, false);
        projected.addiRowVector(bias);
        INDArray gates =
                PooledRows.pull(
                                projected.reshape(
                                        'c', (long) frames * batch * directions, gateWidth),
                                reversal.toDirectionRows())
                        .reshape('c', frames, directions, batch, gateWidth);

        // every frame's state, cell and tanh are written by the recurrence
        INDArray states =
                BufferPool.shared().create(x.dataType(), frames, directions, batch, hidden);
        boolean keep = forBackward || !floatLoops;
        INDArray cells =
                keep
                        ? BufferPool.shared()
                                .create(x.dataType(), frames, directions, batch, hidden)
                        : null;
        INDArray cellTanh =
                keep
                        ? BufferPool.shared()
                                .create(x.dataType(), frames, directions, batch, hidden)
                        : null;
        if (floatLoops) {
            BiLstmFloatForward.run(gates, rw, states, cells, cellTanh);
        } else {
            recurrence(gates, rw, states, cells, cellTanh, hidden);
        }

        INDArray originalOrder =
                PooledRows.pull(
                        states.reshape('c', (long) frames * directions * batch, hidden),
                        reversal.toOriginalRows());
        // One direction has nothing to merge, nor has a concatenation: the states, reshaped, are
        // the output.
        boolean summed = merge == DirectionMerge.SUM && directions == 2;
        INDArray merged =
                summed
                        ? originalOrder
                                .reshape('c', frames, batch, 2, hidden)
                                .sum(
                                        BufferPool.shared()
                                                .create(x.dataType(), frames, batch, hidden),
                                        2)
                        : originalOrder.reshape('c', frames, batch, (long) directions * hidden);
        INDArray output = NativeMemory.ownedCopy(merged.permute(1, 2, 0));
        // merged is a view of originalOrder unless summed: its buffer must go back once only
        NativeMemory.release(projected, originalOrder, summed ? merged : null);
        if (frameMask != null) {
            Nd4j.exec(new BroadcastMulOp(output, frameMask, output, 0, 2));
        }
        return new Forward(
                x,
                timeMajor,
                frameMask,
                reversal,
                gates,
                cells,
                cellTanh,
                states,
                output,
                floatLoops);
    }

    /**
     * The recurrence as ND4J ops on {@code [2,B,·]} blocks, keeping each step's cell and its tanh for
     * the backward pass: the path in double precision and the reference for the float loops.
     */
    private static void recurrence(
            INDArray gates,
            INDArray rw,
            INDArray states,
            INDArray cells,
            INDArray cellTanh,
            int hidden) {
        int frames = (int) gates.size(0);
        int directions = (int) gates.size(1);
        int batch = (int) gates.size(2);
        int gateWidth = 4 * hidden;
        INDArray recurrent = Nd4j.create(gates.dataType(), directions, batch, gateWidth);
        INDArray carried = Nd4j.create(gates.dataType(), directions, batch, hidden);
        try (SmallOpThreads ignored = SmallOpThreads.open()) {
            for (int t = 0; t < frames; t++) {
                INDArray step = gates.slice(t);
                if (t > 0) {
                    Nd4j.matmul(states.slice(t - 1), rw, recurrent);
                    step.addi(recurrent);
                }
                Transforms.sigmoid(step.get(all(), all(), interval(0, 3 * hidden)), false);
                INDArray candidate =
                        Transforms.tanh(
                                step.get(all(), all(), interval(3 * hidden, gateWidth)), false);
                INDArray inputGate = step.get(all(), all(), interval(0, hidden));
                INDArray cell = cells.slice(t);
                inputGate.mul(candidate, cell);
                if (t > 0) {
                    step.get(all(), all(), interval(hidden, 2 * hidden))
                            .mul(cells.slice(t - 1), carried);
                    cell.addi(carried);
                }
                INDArray cellActivated = cellTanh.slice(t);
                Nd4j.exec(new Tanh(cell, cellActivated));
                step.get(all(), all(), interval(2 * hidden, 3 * hidden))
                        .mul(cellActivated, states.slice(t));
            }
        } finally {
            NativeMemory.release(recurrent, carried);
        }
    }
}
