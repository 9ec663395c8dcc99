package io.asrwb.engine.cli;

import io.asrwb.engine.bench.StreamingBenchmark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb bench streaming}: release-to-final-text latency of streaming push-to-talk. */
@Command(
        name = "streaming",
        mixinStandardHelpOptions = true,
        description =
                "Time streaming push-to-talk: recorded clips (--audio) or a synthetic utterance"
                        + " fed in microphone-sized chunks through a streaming model, then the"
                        + " time from release to the final text with the model's own decoding (its"
                        + " LM when it ships one); prints one JSON line (final_median_ms,"
                        + " final_p90_ms, chunk_max_ms, behind_median_ms: how far the partial"
                        + " text trails the audio, peak_rss_mb).")
final class BenchStreamingCommand implements Callable<Integer> {

    @Option(
            names = "--preset",
            defaultValue = "streaming",
            paramLabel = "NAME",
            description = "model preset with fresh weights (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(
            names = "--model",
            paramLabel = "CKPT",
            description = "a trained checkpoint or run folder instead of the preset")
    Path model;

    @Option(
            names = "--audio",
            paramLabel = "FILE",
            description =
                    "a recorded clip (any format the workbench imports; repeat for several, fed in"
                            + " turn); default: a synthetic utterance of --seconds")
    List<Path> audio = new ArrayList<>();

    @Option(
            names = "--seconds",
            defaultValue = "5",
            converter = Bounded.PositiveDouble.class,
            description = "synthetic utterance length (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(
            names = "--chunk-ms",
            defaultValue = "100",
            converter = Bounded.PositiveInt.class,
            description =
                    "audio per chunk, as the microphone delivers it (default: ${DEFAULT-VALUE})")
    int chunkMs;

    @Option(
            names = "--runs",
            defaultValue = "20",
            converter = Bounded.PositiveInt.class,
            description = "measured utterances (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(
            names = "--warmup",
            defaultValue = "3",
            converter = Bounded.NonNegativeInt.class,
            description = "unmeasured utterances first (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(
            names = "--threads",
            defaultValue = "2",
            converter = Bounded.PositiveInt.class,
            description = "libnd4j and BLAS threads (default: ${DEFAULT-VALUE})")
    int threads;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (model == null) {
            PresetOption.requireKnown(preset);
        }
        String json;
        try {
            json =
                    StreamingBenchmark.run(
                            new StreamingBenchmark.Settings(
                                    preset, model, audio, seconds, chunkMs, runs, warmup, threads));
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(e.getMessage());
        }
        spec.commandLine().getOut().println(json);
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
