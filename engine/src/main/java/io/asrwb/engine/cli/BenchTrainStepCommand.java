package io.asrwb.engine.cli;

import io.asrwb.engine.bench.TrainStepBenchmark;
import io.asrwb.engine.bench.TrainStepResult;
import io.asrwb.engine.bench.TrainStepSettings;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb bench train-step}: the trainer's step on random input; one JSON line on stdout. */
@Command(
        name = "train-step",
        mixinStandardHelpOptions = true,
        description =
                "Time training steps (forward, backward, optimizer) of a preset's model on random"
                    + " input of the PyTorch peer's shapes; prints one JSON line (audio_s_per_s,"
                    + " median_step_s, peak_rss_mb).")
final class BenchTrainStepCommand implements Callable<Integer> {

    @Option(
            names = "--preset",
            defaultValue = "small",
            paramLabel = "NAME",
            description =
                    "model preset: tiny, small, large, wav2letter, quartznet, streaming (default:"
                            + " ${DEFAULT-VALUE})")
    String preset;

    @Option(
            names = "--batch",
            defaultValue = "8",
            converter = Bounded.PositiveInt.class,
            description = "utterances per batch (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(
            names = "--frames",
            defaultValue = "400",
            converter = Bounded.PositiveInt.class,
            description = "10 ms frames per utterance (default: ${DEFAULT-VALUE})")
    int frames;

    @Option(
            names = "--steps",
            defaultValue = "10",
            converter = Bounded.PositiveInt.class,
            description = "measured steps (default: ${DEFAULT-VALUE})")
    int steps;

    @Option(
            names = "--warmup",
            defaultValue = "2",
            converter = Bounded.NonNegativeInt.class,
            description = "unmeasured steps first (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(
            names = "--threads",
            defaultValue = "2",
            converter = Bounded.PositiveInt.class,
            description =
                    "libnd4j and BLAS threads (default: ${DEFAULT-VALUE}); set OMP_NUM_THREADS"
                            + " alike")
    int threads;

    @Option(
            names = "--per-layer",
            description =
                    "after the steps, time each hidden layer's forward and backward alone (to"
                            + " stderr)")
    boolean perLayer;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        PresetOption.requireKnown(preset);
        TrainStepSettings settings;
        try {
            settings =
                    new TrainStepSettings(preset, batch, frames, steps, warmup, threads, perLayer);
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(e.getMessage());
        }
        TrainStepResult result = TrainStepBenchmark.run(settings);
        result.layerTimings().forEach(t -> spec.commandLine().getErr().println(t));
        spec.commandLine().getErr().flush();
        spec.commandLine().getOut().println(result.json());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
