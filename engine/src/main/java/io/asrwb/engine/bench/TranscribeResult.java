package io.asrwb.engine.bench;

import java.util.List;
import java.util.Locale;

/**
 * A transcription benchmark's figures.
 *
 * @param model what ran: the preset's name, or the checkpoint folder
 * @param callMillis each measured call's wall time (features, forward pass, greedy decode)
 * @param cpuMillis each measured call's CPU time, all the process's threads (spin-waits included)
 * @param featureMillis each measured call's feature extraction alone (timed separately)
 * @param peakRssMb the process's peak resident set (VmHWM), -1 off Linux
 */
public record TranscribeResult(
        TranscribeSettings settings,
        String model,
        long params,
        List<Double> callMillis,
        List<Double> cpuMillis,
        List<Double> featureMillis,
        long peakRssMb) {

    public TranscribeResult {
        callMillis = List.copyOf(callMillis);
        cpuMillis = List.copyOf(cpuMillis);
        featureMillis = List.copyOf(featureMillis);
    }

    /** The nearest-rank percentile {@code p} (0 < p ≤ 100) of {@code values}. */
    static double percentile(List<Double> values, double p) {
        List<Double> sorted = values.stream().sorted().toList();
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** One JSON line. */
    public String json() {
        double median = median(callMillis);
        return String.format(
                Locale.ROOT,
                "{\"impl\": \"asrwb\", \"bench\": \"transcribe\", \"model\": \"%s\", \"audio_s\":"
                    + " %.2f, \"median_ms\": %.1f, \"p90_ms\": %.1f, \"min_ms\": %.1f, \"max_ms\":"
                    + " %.1f, \"cpu_median_ms\": %.1f, \"features_median_ms\": %.1f,"
                    + " \"real_time_factor\": %.4f, \"peak_rss_mb\": %d, \"threads\": %d, \"runs\":"
                    + " %d, \"warmup\": %d, \"params\": %d}",
                model.replace("\\", "\\\\").replace("\"", "\\\""),
                settings.seconds(),
                median,
                percentile(callMillis, 90),
                percentile(callMillis, 0.001),
                percentile(callMillis, 100),
                median(cpuMillis),
                median(featureMillis),
                median / 1000.0 / settings.seconds(),
                peakRssMb,
                settings.threads(),
                settings.runs(),
                settings.warmup(),
                params);
    }
}
