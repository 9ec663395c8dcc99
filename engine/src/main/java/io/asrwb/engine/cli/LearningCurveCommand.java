package io.asrwb.engine.cli;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.curve.CurvePlot;
import io.asrwb.engine.curve.CurveRefusedException;
import io.asrwb.engine.curve.CurveRequest;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.curve.Extrapolation;
import io.asrwb.engine.curve.Fractions;
import io.asrwb.engine.curve.LearningCurve;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb learning-curve}: WER against hours of training data, one run per share. */
@Command(
        name = "learning-curve",
        mixinStandardHelpOptions = true,
        description =
                "Train the same recipe on nested shares of a dataset's training data, score each on"
                        + " its test split (val when it has none) and plot WER against hours, with"
                        + " an extrapolation to more data and its uncertainty. Rerun the same"
                        + " command to continue an interrupted curve.")
final class LearningCurveCommand implements Callable<Integer> {

    private static final Duration STOP_WAIT = Duration.ofMinutes(2);

    @Mixin DatasetOption dataset;

    @Option(
            names = "--config",
            required = true,
            paramLabel = "CFG.yaml",
            description = "the recipe every point trains with (YAML, or a preset name)")
    String config;

    @Option(
            names = "--fractions",
            defaultValue = "0.1,0.25,0.5,1",
            paramLabel = "F,F,…",
            description =
                    "shares of the training audio, increasing, each in (0, 1] (default:"
                            + " ${DEFAULT-VALUE})")
    String fractions;

    @Option(
            names = "--by",
            defaultValue = "utterance",
            paramLabel = "utterance|speaker",
            description = "draw single utterances or whole speakers (default: ${DEFAULT-VALUE})")
    String by;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            converter = Bounded.NonNegativeLong.class,
            description = "seed of the draw (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--max-steps",
            paramLabel = "N",
            converter = Bounded.PositiveLong.class,
            description = "stop each point after N steps (overrides train.max_steps of the recipe)")
    Long maxSteps;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description =
                    "the curve's folder: state, plot and one run folder per point (default:"
                            + " learning-curves/<dataset>)")
    Path out;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        By drawBy =
                By.parse(by)
                        .orElseThrow(
                                () ->
                                        new CommandFailedException(
                                                "--by " + by + ": expected speaker or utterance"));
        RunConfig recipe = TrainCommand.readConfig(config);
        if (maxSteps != null) {
            recipe = recipe.withTrain(recipe.train().withMaxSteps(maxSteps));
        }
        Path dir =
                out != null
                        ? out
                        : Path.of(
                                "learning-curves", dataset.name.replaceAll("[^A-Za-z0-9._-]", "_"));
        try (Catalog catalog = main.openCatalog()) {
            CurveRequest request =
                    new CurveRequest(
                            dataset.name, recipe, Fractions.parse(fractions), drawBy, seed);
            LearningCurve curve =
                    new LearningCurve(catalog, request, dir, new CurveProgress(output));
            CurveState state;
            OptionalInt signalled;
            // Ctrl-C stops the current point's training at its next step; a rerun resumes it
            try (StopOnSignal signals =
                    StopOnSignal.install("asrwb-stop-learning-curve", curve::stop, STOP_WAIT)) {
                state = curve.run();
                signalled = signals.exitStatus();
            }
            report(output, state, dir);
            return signalled.orElse(
                    state.done().size() == state.points().size() ? ExitCodes.OK : ExitCodes.FAILED);
        } catch (CurveRefusedException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }

    private static void report(CliOutput out, CurveState state, Path dir) throws IOException {
        Path png = CurvePlot.write(state, dir);
        Extrapolation extrapolation = Extrapolation.of(state.measured());
        int done = state.done().size();
        out.human("");
        out.human(
                done
                        + " of "
                        + state.points().size()
                        + " points measured on "
                        + state.dataset()
                        + "/"
                        + state.evalSplit()
                        + ":");
        state.points().forEach(p -> out.human("  " + CurveProgress.describe(p)));
        out.human("");
        out.human(extrapolation.text());
        out.human("plot: " + png + "   state: " + dir.resolve(CurveState.FILE));
        if (done < state.points().size()) {
            out.note("the curve is not finished; rerun the same command to continue it");
        }
        out.record(
                "learning-curve",
                java.util.Map.of(
                        "dir", dir.toString(),
                        "plot", png.toString(),
                        "points", List.copyOf(state.points()),
                        "extrapolation", extrapolation.text()));
    }
}
