package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Masked batch normalisation and its activation in single precision as plain loops over Java
 * arrays: the training forward pass in two passes over the values (statistics, then normalise and
 * activate) and the backward pass in two (sums, then the input gradient), where ND4J took eleven
 * and twelve ops over the whole array (~70 ms of a 0.67 s Wav2Letter step). The activation's
 * own loops are {@link FrontEndActivation}'s. Double precision (the
 * gradient checks) stays on {@link MaskedBatchNormLayer}'s ND4J ops; BatchNormLoopsTest checks
 * that both compute the same.
 *
 * <p>Layout {@code [B, C, K, T]}: utterance b's values are its first {@code lengths[b]} frames;
 * padded frames are left out of the statistics and come out zero, with zero gradient. Sums are
 * kept in double.
 */
final class BatchNormLoops {

    /**
     * The most values the loops take: their three working arrays live on the Java heap for the
     * thread's life (at this size 200 MB); a larger layer (a DS2 front end at batch 32 of 15 s)
     * runs on ND4J's ops.
     */
    private static final long MAX_VALUES = 1L << 24;

    /**
     * The working arrays a pass uses, in the order it takes them ({@link ScratchArrays#floats}: per
     * thread, grown to the largest layer seen; a layer's arrays are megabytes).
     */
    private enum Slot {
        FIRST,
        SECOND,
        THIRD
    }

    private final int batch;
    private final int channels;
    private final int perChannel;
    private final int frames;
    private final int[] lengths;
    private final long count;

    /** A normalisation of {@code [batch, channels, perChannel, frames]} arrays. */
    BatchNormLoops(long[] shape, int[] lengths) {
        this.batch = (int) shape[0];
        this.channels = (int) shape[1];
        this.perChannel = (int) shape[2];
        this.frames = (int) shape[3];
        this.lengths = lengths.clone();
        long valid = 0;
        for (int length : lengths) {
            valid += length;
        }
        this.count = Math.max(1, valid * perChannel);
    }

    /** Whether the loops take {@code x}: single precision, at most {@link #MAX_VALUES} values. */
    static boolean applies(INDArray x) {
        return x.dataType() == DataType.FLOAT && x.length() <= MAX_VALUES;
    }

    /**
     * A training forward pass of {@code conf}'s layer over {@code input [B, C·K, T]} with {@code
     * mask [B, T]} (null: every frame valid).
     */
    static BatchNormForward train(
            INDArray input, INDArray mask, MaskedBatchNorm conf, INDArray gamma, INDArray beta) {
        long[] shape = {input.size(0), conf.getChannels(), conf.valuesPerChannel(), input.size(2)};
        BatchNormLoops loops =
                new BatchNormLoops(shape, FrameMasks.lengths(mask, (int) shape[0], (int) shape[3]));
        INDArray normalised = BufferPool.shared().create(DataType.FLOAT, shape);
        INDArray activated = BufferPool.shared().create(DataType.FLOAT, shape);
        Statistics stats =
                loops.forward(
                        input,
                        gamma.toFloatVector(),
                        beta.toFloatVector(),
                        conf.getEpsilon(),
                        conf.getActivation(),
                        normalised,
                        activated);
        return new BatchNormForward(
                normalised,
                activated,
                null,
                Nd4j.createFromArray(stats.mean()),
                Nd4j.createFromArray(stats.variance()),
                Nd4j.createFromArray(stats.inverseStd()),
                loops.count(),
                loops);
    }

    /**
     * The backward pass of {@code fwd} (which these loops computed) for the output gradient {@code
     * epsilon [B, C·K, T]}: overwrites the γ and β gradients, returns the input gradient {@code [B,
     * C·K, T]}.
     */
    INDArray backpropagate(
            BatchNormForward fwd,
            INDArray epsilon,
            FrontEndActivation activation,
            INDArray gamma,
            INDArray betaGrad,
            INDArray gammaGrad) {
        float[] dBeta = new float[channels];
        float[] dGamma = new float[channels];
        INDArray dx = BufferPool.shared().create(DataType.FLOAT, fwd.normalised().shape());
        backward(
                epsilon,
                fwd.normalised(),
                fwd.activated(),
                activation,
                gamma.toFloatVector(),
                fwd.inverseStd().toFloatVector(),
                dBeta,
                dGamma,
                dx);
        betaGrad.assign(Nd4j.createFromArray(dBeta));
        gammaGrad.assign(Nd4j.createFromArray(dGamma));
        return dx.reshape('c', batch, (long) channels * perChannel, frames);
    }

    /** Values each channel's statistics span. */
    long count() {
        return count;
    }

    /**
     * The batch's per-channel mean, biased variance and 1/√(variance + ε) of {@code input}'s valid
     * values.
     */
    private record Statistics(float[] mean, float[] variance, float[] inverseStd) {}

    /**
     * Normalises {@code input} with its batch statistics: writes x̂ into {@code normalised} and
     * {@code activation(γ·x̂ + β)} into {@code activated}; returns the statistics.
     */
    private Statistics forward(
            INDArray input,
            float[] gamma,
            float[] beta,
            double epsilon,
            FrontEndActivation activation,
            INDArray normalised,
            INDArray activated) {
        float[] x = read(input, Slot.FIRST);
        float[] y = ScratchArrays.floats(Slot.SECOND, length());
        double[] sum = new double[channels];
        double[] squares = new double[channels];
        eachRow(
                (row, c, length) -> {
                    double s = 0;
                    double q = 0;
                    for (int t = row; t < row + length; t++) {
                        s += x[t];
                        q += x[t] * (double) x[t];
                    }
                    sum[c] += s;
                    squares[c] += q;
                });
        float[] mean = new float[channels];
        float[] variance = new float[channels];
        float[] inverseStd = new float[channels];
        for (int c = 0; c < channels; c++) {
            double m = sum[c] / count;
            mean[c] = (float) m;
            variance[c] = (float) Math.max(0, squares[c] / count - m * m);
            inverseStd[c] = (float) (1 / Math.sqrt(variance[c] + epsilon));
        }
        eachRow(
                (row, c, length) -> {
                    float m = mean[c];
                    float inv = inverseStd[c];
                    float g = gamma[c];
                    float b = beta[c];
                    for (int t = row; t < row + length; t++) {
                        float h = (x[t] - m) * inv;
                        x[t] = h;
                        y[t] = activation.apply(g * h + b);
                    }
                    java.util.Arrays.fill(x, row + length, row + frames, 0f);
                    java.util.Arrays.fill(y, row + length, row + frames, 0f);
                });
        write(x, normalised);
        write(y, activated);
        return new Statistics(mean, variance, inverseStd);
    }

    /**
     * The gradients for the output gradient {@code dOut}: fills {@code betaGrad} and {@code
     * gammaGrad} (length C) and writes the input gradient into {@code inputGrad}.
     */
    private void backward(
            INDArray dOut,
            INDArray normalised,
            INDArray activated,
            FrontEndActivation activation,
            float[] gamma,
            float[] inverseStd,
            float[] betaGrad,
            float[] gammaGrad,
            INDArray inputGrad) {
        float[] dy = read(dOut, Slot.FIRST);
        float[] xhat = read(normalised, Slot.SECOND);
        float[] y = read(activated, Slot.THIRD);
        double[] sumDy = new double[channels];
        double[] sumDyX = new double[channels];
        eachRow(
                (row, c, length) -> {
                    activation.passGradient(dy, y, row, row + length);
                    double s0 = 0;
                    double s1 = 0;
                    double x0 = 0;
                    double x1 = 0;
                    int t = row;
                    // two sums each, so the additions do not all wait on one another
                    for (; t + 1 < row + length; t += 2) {
                        s0 += dy[t];
                        s1 += dy[t + 1];
                        x0 += dy[t] * (double) xhat[t];
                        x1 += dy[t + 1] * (double) xhat[t + 1];
                    }
                    if (t < row + length) {
                        s0 += dy[t];
                        x0 += dy[t] * (double) xhat[t];
                    }
                    sumDy[c] += s0 + s1;
                    sumDyX[c] += x0 + x1;
                });
        for (int c = 0; c < channels; c++) {
            betaGrad[c] = (float) sumDy[c];
            gammaGrad[c] = (float) sumDyX[c];
        }
        eachRow(
                (row, c, length) -> {
                    float scale = gamma[c] * inverseStd[c];
                    float shift = (float) (sumDy[c] / count);
                    float slope = (float) (sumDyX[c] / count);
                    for (int t = row; t < row + length; t++) {
                        dy[t] = scale * (dy[t] - shift - xhat[t] * slope);
                    }
                    java.util.Arrays.fill(dy, row + length, row + frames, 0f);
                });
        write(dy, inputGrad);
    }

    /** A row: the offset of one (utterance, channel, value) series, its channel, its valid frames. */
    private interface RowVisitor {
        void visit(int row, int channel, int length);
    }

    private void eachRow(RowVisitor visitor) {
        for (int b = 0; b < batch; b++) {
            int length = Math.min(lengths[b], frames);
            for (int c = 0; c < channels; c++) {
                for (int k = 0; k < perChannel; k++) {
                    visitor.visit(((b * channels + c) * perChannel + k) * frames, c, length);
                }
            }
        }
    }

    private int length() {
        return batch * channels * perChannel * frames;
    }

    /** {@code a}'s values in c order, in working array {@code slot}. */
    private float[] read(INDArray a, Slot slot) {
        float[] values = ScratchArrays.floats(slot, length());
        try (NativeFloats from = NativeFloats.reading(a)) {
            from.get(0, values, 0, length());
        }
        return values;
    }

    private void write(float[] values, INDArray to) {
        try (NativeFloats into = NativeFloats.writing(to)) {
            into.put(0, values, length());
        }
    }
}
