package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.broadcast.BroadcastMulOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A latency-controlled bidirectional LSTM (LC-BLSTM): the forward direction over the whole
 * sequence, the backward one over chunks ({@link ChunkLayout}) that each hear a bounded stretch of
 * the future, so the layer can run while audio arrives with a fixed delay. Both directions are
 * {@link BiLstmKernel} passes of one direction each: the backward direction is a forward pass over
 * the chunks with their frames reversed, all chunks of the batch as one batch.
 *
 * <p>Parameters as the bidirectional layer holds them ({@code w [nIn, 8H]}, {@code rw [2, H, 4H]},
 * {@code bias [1, 8H]}), so a model's checkpoint has the same tensors as its whole-utterance twin.
 */
final class ChunkedBiLstm {

    private ChunkedBiLstm() {}

    /** What the backward pass needs from the forward pass. */
    record Forward(
            BiLstmKernel.Forward forwardDirection,
            BiLstmKernel.Forward backwardDirection,
            ChunkLayout layout,
            Direction[] params,
            INDArray frameMask,
            INDArray output)
            implements LstmForwardState {

        /** Frees both directions' state and their copies of the parameters; not the output. */
        @Override
        public void release() {
            forwardDirection.release();
            backwardDirection.release();
            NativeMemory.release(
                    backwardDirection.input(),
                    forwardDirection.output(),
                    backwardDirection.output());
            for (Direction d : params) {
                d.release();
            }
        }
    }

    /** One direction's slice of the layer's parameters, copied so that the kernel may own them. */
    record Direction(INDArray w, INDArray rw, INDArray bias) {

        static Direction of(INDArray w, INDArray rw, INDArray bias, int direction) {
            long gates = rw.size(2);
            long from = direction * gates;
            return new Direction(
                    NativeMemory.ownedCopy(w.get(all(), interval(from, from + gates))),
                    NativeMemory.ownedCopy(
                            rw.get(interval(direction, direction + 1), all(), all())),
                    NativeMemory.ownedCopy(bias.get(point(0), interval(from, from + gates)))
                            .reshape(1, gates));
        }

        void release() {
            NativeMemory.release(w, rw, bias);
        }
    }

    /**
     * Forward pass of {@code x [B, nIn, T]} with valid {@code lengths} ({@code frameMask [B, T]} or
     * null); output {@code [B, H or 2H, T]}, padded frames zero.
     */
    static Forward forward(
            INDArray x,
            INDArray frameMask,
            int[] lengths,
            INDArray w,
            INDArray rw,
            INDArray bias,
            DirectionMerge merge,
            int chunkFrames,
            int lookaheadFrames,
            boolean forBackward) {
        int batch = (int) x.size(0);
        int nIn = (int) x.size(1);
        int frames = (int) x.size(2);
        int hidden = (int) rw.size(1);
        Direction[] params = {Direction.of(w, rw, bias, 0), Direction.of(w, rw, bias, 1)};
        BiLstmKernel.Forward ahead =
                BiLstmKernel.forward(
                        x,
                        frameMask,
                        lengths,
                        params[0].w(),
                        params[0].rw(),
                        params[0].bias(),
                        merge,
                        forBackward);
        ChunkLayout layout = ChunkLayout.of(frames, lengths, chunkFrames, lookaheadFrames);
        INDArray chunkInput =
                reorder(x, nIn, frames * batch, layout.toChunkRows())
                        .reshape('c', layout.width(), layout.chunks(), nIn)
                        .permute(1, 2, 0);
        INDArray chunkMask = FrameMasks.mask(layout.chunkLengths(), layout.width(), x.dataType());
        BiLstmKernel.Forward back =
                BiLstmKernel.forward(
                        chunkInput,
                        chunkMask,
                        layout.chunkLengths(),
                        params[1].w(),
                        params[1].rw(),
                        params[1].bias(),
                        merge,
                        forBackward);
        INDArray backOutput =
                reorder(
                                back.output(),
                                hidden,
                                layout.width() * layout.chunks(),
                                layout.fromChunkRows())
                        .reshape('c', frames, batch, hidden)
                        .permute(1, 2, 0);
        INDArray output = merged(ahead.output(), backOutput, merge);
        NativeMemory.release(backOutput);
        if (frameMask != null) {
            Nd4j.exec(new BroadcastMulOp(output, frameMask, output, 0, 2));
        }
        return new Forward(ahead, back, layout, params, frameMask, output);
    }

    /** The two directions' outputs {@code [B, H, T]} summed or concatenated, in one new array. */
    private static INDArray merged(INDArray ahead, INDArray back, DirectionMerge merge) {
        if (merge == DirectionMerge.SUM) {
            return NativeMemory.ownedCopy(ahead).addi(back);
        }
        long hidden = ahead.size(1);
        INDArray both =
                BufferPool.shared()
                        .create(ahead.dataType(), ahead.size(0), 2 * hidden, ahead.size(2));
        both.get(all(), interval(0, hidden), all()).assign(ahead);
        both.get(all(), interval(hidden, 2 * hidden), all()).assign(back);
        return both;
    }

    /**
     * Rows {@code map} of {@code a [B', width, T']}'s time-major rows (a {@code map} entry equal to
     * {@code rows} reads zeros), as a {@code [map.length, width]} matrix.
     */
    private static INDArray reorder(INDArray a, int width, int rows, int[] map) {
        INDArray source = padded(a, width, rows);
        INDArray pulled = PooledRows.pull(source, map);
        NativeMemory.release(source);
        return pulled;
    }

    /** {@code a [B', width, T']}'s {@code rows} time-major rows and a zero row after them. */
    private static INDArray padded(INDArray a, int width, int rows) {
        INDArray source = BufferPool.shared().create(a.dataType(), rows + 1L, width);
        source.get(interval(0, rows), all()).assign(a.permute(2, 0, 1).reshape('c', rows, width));
        source.getRow(rows).assign(0);
        return source;
    }

    /**
     * Backward pass for {@code epsilon [B, H or 2H, T]}: gradients of {@code w}, {@code rw}, {@code
     * bias} in the layer's layout and of the input.
     */
    static BiLstmBackward.Gradients backward(Forward fwd, INDArray epsilon, DirectionMerge merge) {
        ChunkLayout layout = fwd.layout();
        int batch = layout.batch();
        int frames = layout.frames();
        int hidden = (int) fwd.params()[0].rw().size(1);
        INDArray aheadEps;
        INDArray backEps;
        if (merge == DirectionMerge.SUM) {
            aheadEps = epsilon;
            backEps = epsilon;
        } else {
            aheadEps = epsilon.get(all(), interval(0, hidden), all());
            backEps = epsilon.get(all(), interval(hidden, 2 * hidden), all());
        }
        BiLstmBackward.Gradients ahead =
                BiLstmBackward.backward(
                        fwd.forwardDirection(),
                        aheadEps,
                        fwd.params()[0].w(),
                        fwd.params()[0].rw(),
                        merge);
        // only valid frames' gradients are pulled, so the padded ones need no masking here
        INDArray chunkEps =
                reorder(backEps, hidden, frames * batch, layout.keptByChunkRows())
                        .reshape('c', layout.width(), layout.chunks(), hidden)
                        .permute(1, 2, 0);
        BiLstmBackward.Gradients back =
                BiLstmBackward.backward(
                        fwd.backwardDirection(),
                        chunkEps,
                        fwd.params()[1].w(),
                        fwd.params()[1].rw(),
                        merge);
        NativeMemory.release(chunkEps);

        int nIn = (int) back.input().size(1);
        INDArray inputGrad = NativeMemory.ownedCopy(ahead.input());
        INDArray chunkGrad = padded(back.input(), nIn, layout.width() * layout.chunks());
        for (int[] heard : layout.heardInChunkRows()) {
            INDArray part =
                    PooledRows.pull(chunkGrad, heard)
                            .reshape('c', frames, batch, nIn)
                            .permute(1, 2, 0);
            inputGrad.addi(part);
            NativeMemory.release(part);
        }
        NativeMemory.release(chunkGrad);
        INDArray wGrad = Nd4j.concat(1, ahead.w(), back.w());
        INDArray rwGrad = Nd4j.concat(0, ahead.rw(), back.rw());
        INDArray biasGrad = Nd4j.concat(1, ahead.bias(), back.bias());
        NativeMemory.release(
                ahead.w(),
                ahead.rw(),
                ahead.bias(),
                ahead.input(),
                back.w(),
                back.rw(),
                back.bias(),
                back.input());
        return new BiLstmBackward.Gradients(wGrad, rwGrad, biasGrad, inputGrad);
    }
}
