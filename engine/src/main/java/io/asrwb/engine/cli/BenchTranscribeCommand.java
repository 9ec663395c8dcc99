package io.asrwb.engine.cli;

import io.asrwb.engine.bench.TranscribeBenchmark;
import io.asrwb.engine.bench.TranscribeResult;
import io.asrwb.engine.bench.TranscribeSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb bench transcribe}: one utterance through the transcription path; one JSON line on stdout. */
@Command(
        name = "transcribe",
        mixinStandardHelpOptions = true,
        description =
                "Time transcriptions of one synthetic utterance (features, forward pass, decode:"
                    + " greedy for a preset, a --model's own decoding, e.g. its LM; the path of"
                    + " `asrwb transcribe` and push-to-talk) after warm-up; prints one JSON line"
                    + " (median_ms, p90_ms, peak_rss_mb).")
final class BenchTranscribeCommand implements Callable<Integer> {

    @Option(
            names = "--preset",
            defaultValue = "small",
            paramLabel = "NAME",
            description =
                    "model preset with fresh weights: tiny, small, large (default:"
                            + " ${DEFAULT-VALUE})")
    String preset;

    @Option(
            names = "--model",
            paramLabel = "CKPT",
            description = "a trained checkpoint or run folder instead of the preset")
    Path model;

    @Option(
            names = "--seconds",
            defaultValue = "5",
            converter = Bounded.PositiveDouble.class,
            description = "utterance length (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(
            names = "--runs",
            defaultValue = "20",
            converter = Bounded.PositiveInt.class,
            description = "measured calls (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(
            names = "--warmup",
            defaultValue = "3",
            converter = Bounded.NonNegativeInt.class,
            description = "unmeasured calls first (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(
            names = "--threads",
            defaultValue = "2",
            converter = Bounded.PositiveInt.class,
            description =
                    "libnd4j and BLAS threads (default: ${DEFAULT-VALUE}); set OMP_NUM_THREADS"
                            + " alike")
    int threads;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PresetOption.requireKnown(preset);
        TranscribeSettings settings;
        try {
            settings = new TranscribeSettings(preset, model, seconds, runs, warmup, threads);
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(e.getMessage());
        }
        TranscribeResult result = TranscribeBenchmark.run(settings);
        spec.commandLine().getOut().println(result.json());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
