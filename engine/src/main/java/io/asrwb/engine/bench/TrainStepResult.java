package io.asrwb.engine.bench;

import java.util.List;
import java.util.Locale;

/**
 * A training-step benchmark's figures.
 *
 * @param stepSeconds each measured step's wall time
 * @param peakRssMb the process's peak resident set (VmHWM: heap and native memory), -1 off Linux
 * @param layerTimings per-layer split after the measured steps, empty unless asked for
 */
public record TrainStepResult(
        TrainStepSettings settings,
        long params,
        List<Double> stepSeconds,
        long peakRssMb,
        List<LayerTimings.Timing> layerTimings) {

    public TrainStepResult {
        stepSeconds = List.copyOf(stepSeconds);
        layerTimings = List.copyOf(layerTimings);
    }

    public double medianStepSeconds() {
        List<Double> sorted = stepSeconds.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Seconds of audio (10 ms frames) trained per wall-clock second, at the median step. */
    public double audioSecondsPerSecond() {
        return settings.batch() * settings.frames() * 0.01 / medianStepSeconds();
    }

    /** One JSON line, the same keys as the PyTorch peer's. */
    public String json() {
        return String.format(
                Locale.ROOT,
                "{\"impl\": \"asrwb\", \"preset\": \"%s\", \"audio_s_per_s\": %.4f,"
                    + " \"median_step_s\": %.4f, \"peak_rss_mb\": %d, \"threads\": %d, \"batch\":"
                    + " %d, \"frames\": %d, \"params\": %d, \"steps_s\": %s}",
                settings.preset(),
                audioSecondsPerSecond(),
                medianStepSeconds(),
                peakRssMb,
                settings.threads(),
                settings.batch(),
                settings.frames(),
                params,
                stepSeconds.stream().map(s -> String.format(Locale.ROOT, "%.3f", s)).toList());
    }
}
