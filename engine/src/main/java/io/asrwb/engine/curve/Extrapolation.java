package io.asrwb.engine.curve;

import io.asrwb.engine.curve.PowerLaw.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the measured points say about more data, stated with its uncertainty: a {@link PowerLaw}
 * through all points, and the spread of the same fit with each point left out in turn. With
 * fewer than {@value #MIN_POINTS} points there is nothing to leave out, so none is made.
 */
public sealed interface Extrapolation {

    int MIN_POINTS = 3;

    /** Multiples of the largest measured amount of data that the text and the plot predict at. */
    List<Double> MULTIPLES = List.of(2.0, 10.0);

    /** The statement for people, one paragraph. */
    String text();

    /** No extrapolation, and why. */
    record Refused(String text) implements Extrapolation {}

    /**
     * @param fit the law through every point
     * @param leftOut the law with each point left out, in the points' order
     * @param points the measured points the fits were made on
     */
    record Fitted(PowerLaw fit, List<PowerLaw> leftOut, List<Point> points, String text)
            implements Extrapolation {
        public Fitted {
            leftOut = List.copyOf(leftOut);
            points = List.copyOf(points);
        }

        /** The lowest and highest WER the left-out fits predict at {@code hours}. */
        public double[] range(double hours) {
            double low = Double.POSITIVE_INFINITY;
            double high = Double.NEGATIVE_INFINITY;
            for (PowerLaw law : leftOut) {
                low = Math.min(low, law.at(hours));
                high = Math.max(high, law.at(hours));
            }
            return new double[] {low, high};
        }

        public double maxHours() {
            return points.stream().mapToDouble(Point::hours).max().orElse(0);
        }
    }

    /** The extrapolation from {@code points} (hours ascending), or the reason there is none. */
    static Extrapolation of(List<Point> points) {
        int n = points.size();
        if (n < MIN_POINTS) {
            return new Refused(
                    "No extrapolation: "
                            + n
                            + (n == 1 ? " point" : " points")
                            + " measured, and a fit needs "
                            + MIN_POINTS
                            + " or more (two to fit a line, one more to see how far it can be"
                            + " trusted).");
        }
        for (Point p : points) {
            if (!(p.wer() > 0)) {
                return new Refused(
                        String.format(
                                Locale.ROOT,
                                "No extrapolation: WER is 0 at %s h, which a power law cannot"
                                    + " reach; the model makes no errors on the evaluation split"
                                    + " already.",
                                Fractions.format3(p.hours())));
            }
        }
        PowerLaw fit = PowerLaw.fit(points);
        List<PowerLaw> leftOut = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<Point> rest = new ArrayList<>(points);
            rest.remove(i);
            leftOut.add(PowerLaw.fit(rest));
        }
        Fitted draft = new Fitted(fit, leftOut, points, "");
        return new Fitted(fit, leftOut, points, describe(draft));
    }

    private static String describe(Fitted f) {
        StringBuilder s = new StringBuilder();
        s.append(
                String.format(
                        Locale.ROOT,
                        "An extrapolation from %d points, not a measurement: WER ≈ %.3g ·"
                                + " hours^(−%.3f), a least-squares line on log WER against log"
                                + " hours.",
                        f.points().size(),
                        f.fit().a(),
                        f.fit().b()));
        for (double m : MULTIPLES) {
            double hours = m * f.maxHours();
            double[] r = f.range(hours);
            s.append(
                    String.format(
                            Locale.ROOT,
                            " At %s the data (%s h): WER ≈ %.1f %% (%.1f–%.1f %% as each point"
                                    + " is left out in turn).",
                            Fractions.format(m) + "×",
                            Fractions.format3(hours),
                            100 * f.fit().at(hours),
                            100 * r[0],
                            100 * r[1]));
        }
        if (f.fit().b() <= 0) {
            s.append(
                    " WER did not fall as data was added over these points, so more data of the"
                            + " same kind is not predicted to help with this recipe.");
        } else {
            s.append(
                    " A power law keeps falling at the same rate; real curves flatten towards a"
                            + " floor these points cannot show, so read the larger figures as"
                            + " optimistic.");
        }
        return s.toString();
    }
}
