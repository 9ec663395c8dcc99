package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The backward pass of {@link BiLstmKernel}: the local derivatives of the whole sequence in bulk,
 * a loop over time for what recurs, then whole-sequence GEMMs for the weight and input gradients.
 */
final class BiLstmBackward {

    private BiLstmBackward() {}

    /** Parameter gradients and the input gradient of one backward pass. */
    record Gradients(INDArray w, INDArray rw, INDArray bias, INDArray input) {}

    /** Backward pass for {@code epsilon [B, H or 2H, T]}, the loss gradient of the output. */
    static Gradients backward(
            BiLstmKernel.Forward fwd,
            INDArray epsilon,
            INDArray w,
            INDArray rw,
            DirectionMerge merge) {
        int batch = (int) fwd.input().size(0);
        int nIn = (int) fwd.input().size(1);
        int frames = (int) fwd.input().size(2);
        int directions = (int) rw.size(0);
        int hidden = (int) rw.size(1);
        int gateWidth = 4 * hidden;
        TimeReversal reversal = fwd.reversal();

        INDArray eps = NativeMemory.ownedCopy(epsilon);
        if (fwd.frameMask() != null) {
            Nd4j.exec(new BroadcastMulOp(eps, fwd.frameMask(), eps, 0, 2));
        }
        INDArray epsTimeMajor = NativeMemory.ownedCopy(eps.permute(2, 0, 1));
        INDArray stateGrad =
                (merge == DirectionMerge.SUM && directions == 2
                                ? PooledRows.pull(
                                        epsTimeMajor.reshape('c', (long) frames * batch, hidden),
                                        reversal.toDirectionRowsFromSum())
                                : PooledRows.pull(
                                        epsTimeMajor.reshape(
                                                'c', (long) frames * batch * directions, hidden),
                                        reversal.toDirectionRows()))
                        .reshape('c', frames, directions, batch, hidden);

        // every frame's four gate blocks are written by the loop over time
        INDArray gateGrad =
                BufferPool.shared()
                        .create(fwd.input().dataType(), frames, directions, batch, gateWidth);
        if (fwd.floatLoops()) {
            BiLstmFloatBackward.run(
                    fwd.gates(), fwd.cells(), fwd.cellTanh(), stateGrad, rw, gateGrad);
        } else {
            gateGradientsAsNd4jOps(fwd, stateGrad, rw, gateGrad);
        }

        INDArray projectedGrad =
                PooledRows.pull(
                                gateGrad.reshape(
                                        'c', (long) frames * directions * batch, gateWidth),
                                reversal.toOriginalRows())
                        .reshape('c', (long) frames * batch, (long) directions * gateWidth);
        INDArray wGrad = MatrixProducts.product(fwd.timeMajorInput(), projectedGrad, true, false);
        INDArray biasGrad = projectedGrad.sum(true, 0);
        INDArray shiftedStates = shiftedOneStep(fwd.hidden());
        INDArray previousStates =
                NativeMemory.ownedCopy(shiftedStates.permute(1, 0, 2, 3))
                        .reshape('c', directions, (long) frames * batch, hidden);
        INDArray gateGradByDirection =
                NativeMemory.ownedCopy(gateGrad.permute(1, 0, 2, 3))
                        .reshape('c', directions, (long) frames * batch, gateWidth);
        INDArray rwGrad = BufferPool.shared().create(previousStates.dataType(), rw.shape());
        Nd4j.matmul(previousStates, gateGradByDirection, rwGrad, true, false, false);
        INDArray inputGradTimeMajor = MatrixProducts.product(projectedGrad, w, false, true);
        INDArray inputGrad =
                NativeMemory.ownedCopy(
                        inputGradTimeMajor.reshape('c', frames, batch, nIn).permute(1, 2, 0));
        NativeMemory.release(
                eps,
                epsTimeMajor,
                stateGrad,
                gateGrad,
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
     * The loop over time as ND4J ops (the reference for {@link BiLstmFloatBackward}, and the path
     * in double precision): fills {@code gateGrad}, adding the carried state gradient into {@code
     * stateGrad} as it goes.
     */
    private static void gateGradientsAsNd4jOps(
            BiLstmKernel.Forward fwd, INDArray stateGrad, INDArray rw, INDArray gateGrad) {
        int frames = (int) stateGrad.size(0);
        int directions = (int) stateGrad.size(1);
        int batch = (int) stateGrad.size(2);
        int hidden = (int) stateGrad.size(3);
        int gateWidth = 4 * hidden;
        INDArray gates = fwd.gates();
        INDArray inputGate = gates.get(all(), all(), all(), interval(0, hidden));
        INDArray forgetGate = gates.get(all(), all(), all(), interval(hidden, 2 * hidden));
        INDArray outputGate = gates.get(all(), all(), all(), interval(2 * hidden, 3 * hidden));
        INDArray candidate = gates.get(all(), all(), all(), interval(3 * hidden, gateWidth));
        INDArray previousCells = shiftedOneStep(fwd.cells());
        // Local derivatives of the whole sequence in bulk, so the loop does only what recurs.
        // Each a single new array: an intermediate would be one more dead buffer per layer and
        // step.
        INDArray toCell =
                NativeMemory.ownedCopy(fwd.cellTanh())
                        .muli(fwd.cellTanh())
                        .rsubi(1.0)
                        .muli(outputGate);
        INDArray toOutput =
                NativeMemory.ownedCopy(outputGate).rsubi(1.0).muli(outputGate).muli(fwd.cellTanh());
        INDArray toInput =
                NativeMemory.ownedCopy(inputGate).rsubi(1.0).muli(inputGate).muli(candidate);
        INDArray toForget =
                NativeMemory.ownedCopy(forgetGate).rsubi(1.0).muli(forgetGate).muli(previousCells);
        INDArray toCandidate =
                NativeMemory.ownedCopy(candidate).muli(candidate).rsubi(1.0).muli(inputGate);

        INDArray stateCarry = Nd4j.create(fwd.input().dataType(), directions, batch, hidden);
        // The cell gradient of step t is carried into step t-1: two buffers taken in turn.
        INDArray[] cellGrads = {
            Nd4j.create(fwd.input().dataType(), directions, batch, hidden),
            Nd4j.create(fwd.input().dataType(), directions, batch, hidden)
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

        NativeMemory.release(
                previousCells,
                toCell,
                toOutput,
                toInput,
                toForget,
                toCandidate,
                stateCarry,
                cellGrads[0],
                cellGrads[1]);
    }

    /** {@code out[t] = in[t-1]}, {@code out[0] = 0}, along the first axis. */
    private static INDArray shiftedOneStep(INDArray perStep) {
        INDArray shifted = BufferPool.shared().create(perStep.dataType(), perStep.shape());
        long frames = perStep.size(0);
        shifted.slice(0).assign(0);
        if (frames > 1) {
            shifted.get(interval(1, frames)).assign(perStep.get(interval(0, frames - 1)));
        }
        return shifted;
    }
}
