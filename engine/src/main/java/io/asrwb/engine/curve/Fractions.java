package io.asrwb.engine.curve;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The fractions of a learning curve: parsed from "0.1,0.25,0.5,1" and checked. */
public final class Fractions {

    private Fractions() {}

    /**
     * The fractions in {@code text}, comma-separated.
     *
     * @throws CurveRefusedException when one is no number, outside (0, 1], or not larger than the
     *     one before it
     */
    public static List<Double> parse(String text) {
        List<Double> fractions = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            double f;
            try {
                f = Double.parseDouble(p);
            } catch (NumberFormatException e) {
                throw new CurveRefusedException(
                        "--fractions " + text + ": '" + p + "' is not a number");
            }
            fractions.add(f);
        }
        check(fractions);
        return List.copyOf(fractions);
    }

    /** Refuses fractions outside (0, 1] or not strictly increasing, naming the first bad one. */
    public static void check(List<Double> fractions) {
        if (fractions.isEmpty()) {
            throw new CurveRefusedException("a learning curve needs at least one fraction");
        }
        double before = 0;
        for (double f : fractions) {
            if (!(f > 0 && f <= 1)) {
                throw new CurveRefusedException(
                        "fraction "
                                + format(f)
                                + " is outside (0, 1]: each is a share of the training data,"
                                + " e.g. 0.1,0.25,0.5,1");
            }
            if (f <= before) {
                throw new CurveRefusedException(
                        "fractions must increase: "
                                + format(f)
                                + " follows "
                                + format(before)
                                + " (the subsets are nested, smallest first)");
            }
            before = f;
        }
    }

    /** 0.25 as "0.25", 1 as "1". */
    public static String format(double fraction) {
        String s = String.format(Locale.ROOT, "%.4f", fraction);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /** A number to three significant digits without trailing zeros: 20, 0.125, 1.5e+03. */
    public static String format3(double value) {
        String s = String.format(Locale.ROOT, "%.3g", value);
        return s.contains("e") || !s.contains(".")
                ? s
                : s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
