package io.asrwb.engine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoublePredicate;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * Numbers for options, refused at parse time when out of range: every numeric option of the
 * engine's and the remote CLI names one of these as its converter ({@code NumericOptionsTest}
 * and the remote CLI's test check that none is left without, through {@link #unchecked}), so {@code --max-steps -1} is a usage error naming the option
 * instead of a run that trains every step. Picocli prefixes the message with the option's name.
 */
public final class Bounded {

    private static final Set<Class<?>> NUMBERS =
            Set.of(
                    int.class,
                    Integer.class,
                    long.class,
                    Long.class,
                    double.class,
                    Double.class,
                    float.class,
                    Float.class,
                    short.class,
                    Short.class);

    private Bounded() {}

    /**
     * The numeric options and parameters of {@code root} and its subcommands whose converter is none
     * of these, as "command option" lines: the tests of both CLIs expect none.
     */
    public static List<String> unchecked(CommandLine root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> out) {
        List<ArgSpec> args = new ArrayList<>(cl.getCommandSpec().options());
        args.addAll(cl.getCommandSpec().positionalParameters());
        for (ArgSpec a : args) {
            ITypeConverter<?>[] converters = a.converters();
            if (NUMBERS.contains(a.type())
                    && (converters.length == 0
                            || converters[0].getClass().getEnclosingClass() != Bounded.class)) {
                out.add(
                        cl.getCommandSpec().qualifiedName()
                                + " "
                                + (a instanceof OptionSpec o ? o.longestName() : a.paramLabel()));
            }
        }
        cl.getSubcommands().values().forEach(sub -> collect(sub, out));
    }

    /** A whole number ≥ 1: counts, sizes, steps, workers. */
    public static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 1, Integer.MAX_VALUE);
        }
    }

    /** A whole number ≥ 0: counts where 0 means none (warm-up rounds, restarts). */
    public static final class NonNegativeInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 0, Integer.MAX_VALUE);
        }
    }

    /** A whole number ≥ 1 that may exceed an int (steps). */
    public static final class PositiveLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, 1, Long.MAX_VALUE);
        }
    }

    /** A whole number ≥ 0 that may exceed an int (timeouts where 0 means never). */
    public static final class NonNegativeLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, 0, Long.MAX_VALUE);
        }
    }

    /** A TCP port, 1 to 65535. */
    public static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 1, 65_535);
        }
    }

    /** A finite number > 0 (seconds, sizes with fractions). */
    public static final class PositiveDouble implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fractional(value, "> 0", d -> d > 0);
        }
    }

    /** A number from 0 to 1 (a confidence, a probability). */
    public static final class UnitInterval implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fractional(value, "from 0 to 1", d -> d >= 0 && d <= 1);
        }
    }

    /** Any finite number (weights that may be negative, such as a word bonus). */
    public static final class FiniteDouble implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return fractional(value, "", d -> true);
        }
    }

    /** A finite number that {@code allowed} accepts; {@code what} says which ("> 0"). */
    private static double fractional(String value, String what, DoublePredicate allowed) {
        String number = what.isEmpty() ? "a number" : "a number " + what;
        double d;
        try {
            d = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("expected " + number + ", got '" + value + "'");
        }
        if (!Double.isFinite(d) || !allowed.test(d)) {
            throw new TypeConversionException(
                    "must be " + (what.isEmpty() ? "a finite number" : number) + ", got " + value);
        }
        return d;
    }

    static long whole(String value, long min, long max) {
        long v;
        try {
            v = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException(
                    "expected a whole number " + range(min, max) + ", got '" + value + "'");
        }
        if (v < min || v > max) {
            throw new TypeConversionException(
                    "must be a whole number " + range(min, max) + ", got " + value);
        }
        return v;
    }

    private static String range(long min, long max) {
        if (max == Integer.MAX_VALUE || max == Long.MAX_VALUE) {
            return "≥ " + min;
        }
        return String.format(Locale.ROOT, "from %d to %d", min, max);
    }
}
