package io.asrwb.engine.curve;

import java.util.List;

/**
 * WER ≈ a · hours^(−b), fitted by least squares on log WER against log hours (a straight line on a
 * log–log plot). No floor term: with the three to six points a learning curve has, a third
 * parameter passes through every point and leaves nothing to check it with.
 *
 * @param a WER at one hour
 * @param b how fast WER falls: doubling the data multiplies WER by 2^(−b)
 */
public record PowerLaw(double a, double b) {

    /** One measured point: hours of training audio and the WER (a fraction, not %) reached. */
    public record Point(double hours, double wer) {}

    /**
     * The least-squares power law through {@code points}.
     *
     * @throws IllegalArgumentException with fewer than two distinct hours, or a WER or hours ≤ 0
     *     (no logarithm)
     */
    public static PowerLaw fit(List<Point> points) {
        int n = points.size();
        double sx = 0;
        double sy = 0;
        for (Point p : points) {
            if (!(p.hours() > 0) || !(p.wer() > 0)) {
                throw new IllegalArgumentException(
                        "a power law needs hours and WER above 0, not " + p);
            }
            sx += Math.log(p.hours());
            sy += Math.log(p.wer());
        }
        double mx = sx / n;
        double my = sy / n;
        double sxx = 0;
        double sxy = 0;
        for (Point p : points) {
            double dx = Math.log(p.hours()) - mx;
            sxx += dx * dx;
            sxy += dx * (Math.log(p.wer()) - my);
        }
        if (n < 2 || sxx == 0) {
            throw new IllegalArgumentException("a power law needs two or more distinct hours");
        }
        double slope = sxy / sxx;
        return new PowerLaw(Math.exp(my - slope * mx), -slope);
    }

    /** The WER this law predicts at {@code hours}. */
    public double at(double hours) {
        return a * Math.pow(hours, -b);
    }
}
