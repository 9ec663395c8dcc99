package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.api.ops.impl.transforms.strict.Tanh;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * The arithmetic of a bidirectional LSTM over a masked batch, forward and backward, on plain ND4J
 * arrays (no DL4J). Gate order within each direction's 4H block: input, forget, output, cell.
 *
 * <p>Speed layout: the input projections of all frames and both directions are one GEMM {@code
 * [T·B, nIn] × [nIn, 8H]}; one time step of both directions is one batched GEMM {@code [2,B,H] ×
 * [2,H,4H]} plus a few element-wise ops on contiguous {@code [2,B,·]} blocks; weight gradients are
 * again whole-sequence GEMMs. Only the recurrence is a loop.
 *
 * <p>Parameters: {@code w [nIn, 8H]} (forward gates then backward gates), {@code rw [2, H, 4H]},
 * {@code bias [1, 8H]}.
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
            INDArray output) {

        /**
         * Frees the cached state and the frame mask (a copy made for this pass); not the input or the
         * output, which DL4J may still hold.
         */
        void release() {
            NativeMemory.release(timeMajorInput, frameMask, gates, cells, cellTanh, hidden);
        }
    }

    /** Parameter gradients and the input gradient of one backward pass. */
    record Gradients(INDArray w, INDArray rw, INDArray bias, INDArray input) {}

    /**
     * Forward pass. {@code x [B, nIn, T]}; {@code frameMask [B, T]} or null; output {@code [B, H or
     * 2H, T]} with padded frames zero.
     */
    static Forward forward(
            INDArray x,
            INDArray frameMask,
            int[] lengths,
            INDArray w,
            INDArray rw,
            INDArray bias,
            DirectionMerge merge) {
        return forward(x, frameMask, lengths, w, rw, bias, merge, true);
    }

    /**
     * @param forBackward keep what the backward pass needs; without it (inference) a float pass runs
     *     the recurrence in {@link BiLstmInferenceLoop} and {@link Forward#cells()} and {@link
     *     Forward#cellTanh()} are null
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
        int batch = (int) x.size(0);
        int nIn = (int) x.size(1);
        int frames = (int) x.size(2);
        int hidden = (int) rw.size(1);
        int gateWidth = 4 * hidden;
        TimeReversal reversal = TimeReversal.of(frames, lengths);

        INDArray timeMajor = x.permute(2, 0, 1).dup('c').reshape('c', (long) frames * batch, nIn);
        INDArray projected = product(timeMajor, w, false, false);
        projected.addiRowVector(bias);
        INDArray gates =
                Nd4j.pullRows(
                                projected.reshape('c', (long) frames * batch * 2, gateWidth),
                                1,
                                reversal.toDirectionRows(),
                                'c')
                        .reshape('c', frames, 2, batch, gateWidth);

        INDArray states = Nd4j.create(x.dataType(), frames, 2, batch, hidden);
        INDArray cells = null;
        INDArray cellTanh = null;
        if (!forBackward && BiLstmInferenceLoop.applies(gates)) {
            BiLstmInferenceLoop.run(gates, rw, states, frames, batch, hidden);
        } else {
            cells = Nd4j.create(x.dataType(), frames, 2, batch, hidden);
            cellTanh = Nd4j.create(x.dataType(), frames, 2, batch, hidden);
            recurrence(gates, rw, states, cells, cellTanh, hidden);
        }

        INDArray originalOrder =
                Nd4j.pullRows(
                        states.reshape('c', (long) frames * 2 * batch, hidden),
                        1,
                        reversal.toOriginalRows(),
                        'c');
        INDArray merged =
                merge == DirectionMerge.SUM
                        ? originalOrder.reshape('c', frames, batch, 2, hidden).sum(2)
                        : originalOrder.reshape('c', frames, batch, 2 * hidden);
        INDArray output = merged.permute(1, 2, 0).dup('c');
        NativeMemory.release(projected, merged, originalOrder);
        if (frameMask != null) {
            Nd4j.exec(new BroadcastMulOp(output, frameMask, output, 0, 2));
        }
        return new Forward(
                x, timeMajor, frameMask, reversal, gates, cells, cellTanh, states, output);
    }

    /**
     * The recurrence as ND4J ops on {@code [2,B,·]} blocks, keeping each step's cell and its tanh for
     * the backward pass.
     */
    private static void recurrence(
            INDArray gates,
            INDArray rw,
            INDArray states,
            INDArray cells,
            INDArray cellTanh,
            int hidden) {
        int frames = (int) gates.size(0);
        int batch = (int) gates.size(2);
        int gateWidth = 4 * hidden;
        INDArray recurrent = Nd4j.create(gates.dataType(), 2, batch, gateWidth);
        INDArray carried = Nd4j.create(gates.dataType(), 2, batch, hidden);
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

    /** Backward pass for {@code epsilon [B, H or 2H, T]}, the loss gradient of the output. */
    static Gradients backward(
            Forward fwd, INDArray epsilon, INDArray w, INDArray rw, DirectionMerge merge) {
        int batch = (int) fwd.input().size(0);
        int nIn = (int) fwd.input().size(1);
        int frames = (int) fwd.input().size(2);
        int hidden = (int) rw.size(1);
        int gateWidth = 4 * hidden;
        TimeReversal reversal = fwd.reversal();

        INDArray eps = epsilon.dup('c');
        if (fwd.frameMask() != null) {
            Nd4j.exec(new BroadcastMulOp(eps, fwd.frameMask(), eps, 0, 2));
        }
        INDArray epsTimeMajor = eps.permute(2, 0, 1).dup('c');
        INDArray stateGrad =
                (merge == DirectionMerge.SUM
                                ? Nd4j.pullRows(
                                        epsTimeMajor.reshape('c', (long) frames * batch, hidden),
                                        1,
                                        reversal.toDirectionRowsFromSum(),
                                        'c')
                                : Nd4j.pullRows(
                                        epsTimeMajor.reshape(
                                                'c', (long) frames * batch * 2, hidden),
                                        1,
                                        reversal.toDirectionRows(),
                                        'c'))
                        .reshape('c', frames, 2, batch, hidden);

        INDArray gates = fwd.gates();
        INDArray inputGate = gates.get(all(), all(), all(), interval(0, hidden));
        INDArray forgetGate = gates.get(all(), all(), all(), interval(hidden, 2 * hidden));
        INDArray outputGate = gates.get(all(), all(), all(), interval(2 * hidden, 3 * hidden));
        INDArray candidate = gates.get(all(), all(), all(), interval(3 * hidden, gateWidth));
        INDArray previousCells = shiftedOneStep(fwd.cells());
        // Local derivatives of the whole sequence in bulk, so the loop does only what recurs.
        // Each a single new array: an intermediate would be one more dead buffer per layer and
        // step.
        INDArray toCell = fwd.cellTanh().mul(fwd.cellTanh()).rsubi(1.0).muli(outputGate);
        INDArray toOutput = outputGate.rsub(1.0).muli(outputGate).muli(fwd.cellTanh());
        INDArray toInput = inputGate.rsub(1.0).muli(inputGate).muli(candidate);
        INDArray toForget = forgetGate.rsub(1.0).muli(forgetGate).muli(previousCells);
        INDArray toCandidate = candidate.mul(candidate).rsubi(1.0).muli(inputGate);

        INDArray gateGrad = Nd4j.create(fwd.input().dataType(), frames, 2, batch, gateWidth);
        INDArray stateCarry = Nd4j.create(fwd.input().dataType(), 2, batch, hidden);
        // The cell gradient of step t is carried into step t-1: two buffers taken in turn.
        INDArray[] cellGrads = {
            Nd4j.create(fwd.input().dataType(), 2, batch, hidden),
            Nd4j.create(fwd.input().dataType(), 2, batch, hidden)
        };
        INDArray cellCarry = null;
        try (SmallOpThreads ignored = SmallOpThreads.open()) {
            for (int t = frames - 1; t >= 0; t--) {
                INDArray dState = stateGrad.slice(t);
                if (t < frames - 1) {
                    dState.addi(stateCarry);
                }
                INDArray dGates = gateGrad.slice(t);
                dState.mul(
                        toOutput.slice(t),
                        dGates.get(all(), all(), interval(2 * hidden, 3 * hidden)));
                INDArray dCell = cellGrads[t % 2];
                dState.mul(toCell.slice(t), dCell);
                if (cellCarry != null) {
                    dCell.addi(cellCarry);
                }
                dCell.mul(toInput.slice(t), dGates.get(all(), all(), interval(0, hidden)));
                dCell.mul(
                        toForget.slice(t), dGates.get(all(), all(), interval(hidden, 2 * hidden)));
                dCell.mul(
                        toCandidate.slice(t),
                        dGates.get(all(), all(), interval(3 * hidden, gateWidth)));
                cellCarry =
                        dCell.muli(gates.slice(t).get(all(), all(), interval(hidden, 2 * hidden)));
                if (t > 0) {
                    Nd4j.matmul(dGates, rw, stateCarry, false, true, false);
                }
            }
        }

        INDArray projectedGrad =
                Nd4j.pullRows(
                                gateGrad.reshape('c', (long) frames * 2 * batch, gateWidth),
                                1,
                                reversal.toOriginalRows(),
                                'c')
                        .reshape('c', (long) frames * batch, 2L * gateWidth);
        INDArray wGrad = product(fwd.timeMajorInput(), projectedGrad, true, false);
        INDArray biasGrad = projectedGrad.sum(true, 0);
        INDArray shiftedStates = shiftedOneStep(fwd.hidden());
        INDArray previousStates =
                shiftedStates
                        .permute(1, 0, 2, 3)
                        .dup('c')
                        .reshape('c', 2, (long) frames * batch, hidden);
        INDArray gateGradByDirection =
                gateGrad.permute(1, 0, 2, 3)
                        .dup('c')
                        .reshape('c', 2, (long) frames * batch, gateWidth);
        INDArray rwGrad = Nd4j.matmul(previousStates, gateGradByDirection, true, false, false);
        INDArray inputGradTimeMajor = product(projectedGrad, w, false, true);
        INDArray inputGrad =
                inputGradTimeMajor.reshape('c', frames, batch, nIn).permute(1, 2, 0).dup('c');
        NativeMemory.release(
                eps,
                epsTimeMajor,
                stateGrad,
                previousCells,
                toCell,
                toOutput,
                toInput,
                toForget,
                toCandidate,
                gateGrad,
                stateCarry,
                cellGrads[0],
                cellGrads[1],
                projectedGrad,
                shiftedStates,
                previousStates,
                gateGradByDirection,
                inputGradTimeMajor);
        if (fwd.frameMask() != null) {
            Nd4j.exec(new BroadcastMulOp(inputGrad, fwd.frameMask(), inputGrad, 0, 2));
        }
        return new Gradients(wGrad, rwGrad, biasGrad, inputGrad);
    }

    /**
     * {@code op(a) · op(b)} of two matrices into a new c-ordered matrix, transposes done by the GEMM.
     * Not {@code mmul}: its result is f-ordered, so a c-order reshape of it copies (a buffer nobody
     * frees), and {@code transpose().mmul} copies the transposed operand first.
     */
    private static INDArray product(
            INDArray a, INDArray b, boolean transposeA, boolean transposeB) {
        long rows = transposeA ? a.size(1) : a.size(0);
        long columns = transposeB ? b.size(0) : b.size(1);
        INDArray result = Nd4j.create(a.dataType(), new long[] {rows, columns}, 'c');
        Nd4j.matmul(a, b, result, transposeA, transposeB, false);
        return result;
    }

    /** {@code out[t] = in[t-1]}, {@code out[0] = 0}, along the first axis. */
    private static INDArray shiftedOneStep(INDArray perStep) {
        INDArray shifted = Nd4j.zeros(perStep.dataType(), perStep.shape());
        long frames = perStep.size(0);
        if (frames > 1) {
            shifted.get(interval(1, frames)).assign(perStep.get(interval(0, frames - 1)));
        }
        return shifted;
    }
}
