package io.asrwb.engine.model.layers;

import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.openblas.global.openblas_nolapack;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One LSTM direction's per-frame recurrent product {@code recurrent = previous · weights} ({@code
 * [B, H] · [H, 4H]}, c-ordered, fixed arrays), or in the backward pass {@code previous ·
 * weightsᵀ} ({@code [B, 4H] · [4H, H]}): on the CPU backend a direct call of the OpenBLAS GEMM
 * that ND4J itself calls, on pointers made once; elsewhere ND4J's matmul.
 *
 * <p>Why: ND4J builds an op for every call (the op, its argument lists, a context and a JavaCPP
 * pointer per argument). Once per frame and direction, over a long file that was ~100 MB/s of
 * garbage (JFR, the app transcribing 3 hours), and G1 grew the app's heap to keep up with it: its
 * resident set peaked at 1.0 GB where the same work through the CLI stayed at 0.7 GB.
 */
final class RecurrentProduct {

    private final INDArray previous;
    private final INDArray weights;
    private final INDArray recurrent;
    private final FloatPointer previousAt;
    private final FloatPointer weightsAt;
    private final FloatPointer recurrentAt;
    private final boolean transposed;
    private final int rows;
    private final int inner;
    private final int columns;
    private final int weightsRow; // the stored weights' row length, BLAS's ldb either way

    /**
     * @param transposed multiply by {@code weights}' transpose (the weights as stored, no copy)
     */
    RecurrentProduct(INDArray previous, INDArray weights, INDArray recurrent, boolean transposed) {
        this.previous = previous;
        this.weights = weights;
        this.recurrent = recurrent;
        this.transposed = transposed;
        this.rows = (int) previous.size(0);
        this.inner = (int) previous.size(1);
        this.columns = (int) weights.size(transposed ? 0 : 1);
        this.weightsRow = (int) weights.size(1);
        if (weights.size(transposed ? 1 : 0) != inner
                || recurrent.size(0) != rows
                || recurrent.size(1) != columns) {
            throw new IllegalArgumentException(
                    "shapes do not multiply: "
                            + previous.shapeInfoToString()
                            + (transposed ? " times the transpose of " : " times ")
                            + weights.shapeInfoToString()
                            + " into "
                            + recurrent.shapeInfoToString());
        }
        boolean direct = onCpuBackend();
        this.previousAt = direct ? pointer(previous) : null;
        this.weightsAt = direct ? pointer(weights) : null;
        this.recurrentAt = direct ? pointer(recurrent) : null;
    }

    /** Overwrites {@code recurrent} with {@code previous · weights} (or its transpose). */
    void run() {
        if (previousAt == null) {
            Nd4j.matmul(previous, weights, recurrent, false, transposed, false);
            return;
        }
        openblas_nolapack.cblas_sgemm(
                openblas_nolapack.CblasRowMajor,
                openblas_nolapack.CblasNoTrans,
                transposed ? openblas_nolapack.CblasTrans : openblas_nolapack.CblasNoTrans,
                rows,
                columns,
                inner,
                1f,
                previousAt,
                inner,
                weightsAt,
                weightsRow,
                0f,
                recurrentAt,
                columns);
    }

    /** Whether arrays live in host memory that Java may read and write directly. */
    static boolean onCpuBackend() {
        return Nd4j.getBackend().getClass().getSimpleName().equals("CpuBackend");
    }

    /**
     * The array's own memory: it must be c-ordered and start its buffer, as a fresh or pooled
     * array does (a pooled buffer may be longer than the array).
     */
    private static FloatPointer pointer(INDArray a) {
        if (a.ordering() != 'c'
                || a.offset() != 0
                || a.data().length() < a.length()
                || !org.nd4j.linalg.api.shape.Shape.hasDefaultStridesForShape(a)) {
            throw new IllegalArgumentException(
                    "a fresh c-ordered array is needed, got " + a.shapeInfoToString());
        }
        return new FloatPointer(a.data().addressPointer());
    }
}
