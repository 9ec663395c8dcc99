package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.ops.transforms.Transforms;

/** The element-wise nonlinearity after a front-end convolution, applied in place. */
public enum FrontEndActivation {
    /** {@code min(max(x, 0), 20)}, deepspeech's {@code Hardtanh(0, 20)}. */
    HARDTANH_0_20,
    /** {@code max(x, 0)}. */
    RELU,
    /** No nonlinearity. */
    IDENTITY;

    private static final double CEILING = 20.0;
    private static final float CEILING_FLOAT = (float) CEILING;

    /** The activation of one value. */
    float apply(float v) {
        return switch (this) {
            case HARDTANH_0_20 -> Math.min(Math.max(v, 0f), CEILING_FLOAT);
            case RELU -> Math.max(v, 0f);
            case IDENTITY -> v;
        };
    }

    /**
     * {@code dy[t] *= the derivative} for {@code t} in {@code [from, to)}, read from the activated
     * output {@code y}: 1 strictly inside the linear range, else 0. Without branches: a ReLU's
     * zeros fall at random, and the mispredicted branch made batch norm's backward loop ~3 ns a
     * value.
     */
    void passGradient(float[] dy, float[] y, int from, int to) {
        switch (this) {
            case HARDTANH_0_20 -> {
                for (int t = from; t < to; t++) {
                    dy[t] *= above(y[t], 0f) * above(CEILING_FLOAT, y[t]);
                }
            }
            case RELU -> {
                for (int t = from; t < to; t++) {
                    dy[t] *= above(y[t], 0f);
                }
            }
            case IDENTITY -> {}
        }
    }

    /**
     * 1 when {@code a > b}, else 0, for {@code a, b} in {@code [0, ∞]} (an activation's output:
     * never −0, which {@code Math.max(v, 0f)} does not give): the sign bit of {@code b − a}, whose
     * bit patterns order as the values do.
     */
    private static float above(float a, float b) {
        return (Float.floatToRawIntBits(b) - Float.floatToRawIntBits(a)) >>> 31;
    }

    /** Replaces {@code x} by its activation. */
    void applyInPlace(INDArray x) {
        switch (this) {
            case HARDTANH_0_20 -> Transforms.min(Transforms.max(x, 0.0, false), CEILING, false);
            case RELU -> Transforms.max(x, 0.0, false);
            case IDENTITY -> {}
        }
    }

    /**
     * Multiplies {@code gradient} in place by the derivative, read from the activated output (the
     * derivative is 1 strictly inside the linear range and 0 outside).
     */
    void backpropInPlace(INDArray activated, INDArray gradient) {
        // One temporary (pooled in a training step), freed at once: sign(a·(20−a)) is 1 strictly
        // inside (0, 20) and 0 at either end, sign(a) is 1 above 0 (a ≥ 0 after the activation).
        INDArray derivative =
                switch (this) {
                    case HARDTANH_0_20 ->
                            Transforms.sign(
                                    NativeMemory.ownedCopy(activated)
                                            .rsubi(CEILING)
                                            .muli(activated),
                                    false);
                    case RELU -> Transforms.sign(NativeMemory.ownedCopy(activated), false);
                    case IDENTITY -> null;
                };
        if (derivative != null) {
            gradient.muli(derivative);
            NativeMemory.release(derivative);
        }
    }
}
