package io.asrwb.engine.decode;

/** Log-space arithmetic: probabilities far below Double.MIN_VALUE stay representable. */
final class LogMath {

    static final double LN_10 = Math.log(10);

    private LogMath() {}

    /** ln(e^a + e^b), exact when either is -Infinity. */
    static double add(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
    }
}
