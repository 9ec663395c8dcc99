package io.asrwb.engine.config;

import java.util.List;

/**
 * Each feature's mean and standard deviation over a training set: where {@code
 * features.normalisation: running_cmvn} starts an utterance before it has heard enough of it.
 * Written by {@code train} into the run's config; empty until then.
 */
public record FeatureStats(
        @Describe("Each feature's mean over the training set (filled in by train)")
                List<Double> mean,
        @Describe("Each feature's standard deviation over the training set (filled in by train)")
                List<Double> stddev) {

    public FeatureStats {
        mean = mean == null ? List.of() : List.copyOf(mean);
        stddev = stddev == null ? List.of() : List.copyOf(stddev);
    }

    /** No statistics yet. */
    public static FeatureStats none() {
        return new FeatureStats(List.of(), List.of());
    }

    public boolean absent() {
        return mean.isEmpty() && stddev.isEmpty();
    }

    public double[] meanArray() {
        return mean.stream().mapToDouble(Double::doubleValue).toArray();
    }

    public double[] stddevArray() {
        return stddev.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
