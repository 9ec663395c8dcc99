package io.asrwb.app.tasks;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Time left of a job that reports the fraction done, from the time it has taken so far: a plain
 * linear estimate, offered once a few percent are done (earlier ones are mostly start-up).
 */
public final class ProgressEta {

    /** Below this fraction done the estimate is not shown. */
    static final double MIN_FRACTION = 0.03;

    private final long startedNanos;

    private ProgressEta(long startedNanos) {
        this.startedNanos = startedNanos;
    }

    /** Starts the clock now. */
    public static ProgressEta startingNow() {
        return new ProgressEta(System.nanoTime());
    }

    /** The time left at {@code fraction} done (0–1) after {@code elapsed}; empty when too early to say. */
    public static Optional<Duration> remaining(double fraction, Duration elapsed) {
        if (!(fraction >= MIN_FRACTION) || fraction > 1) {
            return Optional.empty();
        }
        return Optional.of(
                Duration.ofMillis(Math.round(elapsed.toMillis() * (1 - fraction) / fraction)));
    }

    /** " · ETA 1:15" for the job at {@code fraction} done now, or "" when too early to say. */
    public String suffix(double fraction) {
        return remaining(fraction, Duration.ofNanos(System.nanoTime() - startedNanos))
                .map(d -> " · ETA " + format(d))
                .orElse("");
    }

    /** 75 s → "1:15", 3 h 1 min 2 s → "3:01:02". */
    public static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
