package io.asrwb.app.training;

import io.asrwb.app.tasks.ProgressEta;
import java.time.Duration;
import java.util.Optional;

/**
 * Time left from the recent step times: an exponential moving average, so a slow first step (warm
 * up, feature cache filling) fades out instead of skewing the whole estimate.
 */
final class EtaEstimate {

    private static final double WEIGHT_OF_NEWEST = 0.2;

    private double meanSeconds = Double.NaN;

    void recordStep(double seconds) {
        if (!Double.isFinite(seconds) || seconds < 0) {
            return;
        }
        meanSeconds =
                Double.isNaN(meanSeconds)
                        ? seconds
                        : WEIGHT_OF_NEWEST * seconds + (1 - WEIGHT_OF_NEWEST) * meanSeconds;
    }

    void reset() {
        meanSeconds = Double.NaN;
    }

    Optional<Duration> remaining(long step, long totalSteps) {
        if (Double.isNaN(meanSeconds) || totalSteps <= 0) {
            return Optional.empty();
        }
        long left = Math.max(0, totalSteps - step);
        return Optional.of(Duration.ofMillis(Math.round(left * meanSeconds * 1000)));
    }

    static String format(Duration d) {
        return ProgressEta.format(d);
    }
}
