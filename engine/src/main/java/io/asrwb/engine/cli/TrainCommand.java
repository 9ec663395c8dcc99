package io.asrwb.engine.cli;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import io.asrwb.engine.train.distributed.spark.SparkBatchRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb train}: a new training run on a catalog dataset. */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description =
                "Train a model on a dataset of the catalog; writes RUN_DIR/config.yaml,"
                        + " events.jsonl and checkpoints/.")
final class TrainCommand implements Callable<Integer> {

    @Option(
            names = "--config",
            required = true,
            paramLabel = "CFG.yaml",
            description =
                    "run config (YAML), or a preset name: tiny, small, large, wav2letter,"
                            + " quartznet, streaming")
    String config;

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "NAME",
            description =
                    "dataset name in the catalog (its train split trains, its val split validates)")
    String dataset;

    @Option(
            names = "--out",
            paramLabel = "RUN_DIR",
            description = "run folder (default: runs/<dataset>-<date>-<time>)")
    Path out;

    @Option(
            names = "--max-steps",
            paramLabel = "N",
            converter = Bounded.PositiveLong.class,
            description = "stop after N steps, N ≥ 1 (overrides train.max_steps of the config)")
    Long maxSteps;

    @Option(
            names = "--init-from",
            paramLabel = "CKPT",
            description =
                    "fine-tune: start from this checkpoint's weights (a checkpoint or run folder,"
                            + " e.g. assets/demo-model) with a fresh optimizer at step 0; a new"
                            + " alphabet re-initialises the output layer (sets train.init_from)")
    String initFrom;

    @Option(
            names = "--freeze",
            paramLabel = "LAYER",
            split = ",",
            description =
                    "with --init-from: layers kept as the checkpoint has them: conv, conv.N, rnn,"
                            + " rnn.N, output (N from 0; sets train.freeze)")
    List<String> freeze;

    @Mixin SparkOptions spark;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws java.io.IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        RunConfig run = FineTuneOptions.apply(overridden(readConfig(config)), initFrom, freeze);
        noteMaxStepsInWarmup(run, output);
        Optional<ReplicaTrainingFactory> cluster = spark.replicaTraining();
        if (cluster.isPresent()) {
            // refused before the run folder is written (SparkReplicaTraining refuses it too)
            Optional<String> refusal = SparkBatchRules.refusal(run);
            if (refusal.isPresent()) {
                throw new CommandFailedException(
                        refusal.get() + ", or train without --spark-master");
            }
        }
        Path runDir = out != null ? out : defaultRunDir(dataset);
        // a refused launch (RunLaunchException: the folder is trained or holds a run) changed
        // nothing
        try (Catalog catalog = main.openCatalog();
                PreparedRun prepared = RunLauncher.prepareNew(catalog, run, runDir)) {
            cluster.ifPresent(prepared.trainer()::trainThrough);
            return TrainingSession.run(prepared, catalog, output);
        }
    }

    static RunConfig readConfig(String config) {
        Path file = Path.of(config);
        try {
            if (!Files.exists(file) && Presets.NAMES.contains(config)) {
                return Presets.load(config);
            }
            if (!Files.isRegularFile(file)) {
                throw new CommandFailedException(
                        "no such config file: "
                                + config
                                + " (or preset: "
                                + String.join(", ", Presets.NAMES)
                                + ")");
            }
            return RunConfigYaml.standard().loadValidated(file);
        } catch (ConfigException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }

    private RunConfig overridden(RunConfig c) {
        RunConfig onDataset = c.withData(c.data().withDataset(dataset));
        return maxSteps == null ? onDataset : onDataset.withTrain(c.train().withMaxSteps(maxSteps));
    }

    /**
     * A {@code --max-steps} inside the learning-rate warm-up is a trial run (the tests and the smoke
     * test take 1–8 steps of the tiny preset), not a contradiction as it is in a config file
     * ({@link io.asrwb.engine.config.RunConfigValidator} refuses that): said, naming the flag.
     */
    private void noteMaxStepsInWarmup(RunConfig run, CliOutput output) {
        long warmup = run.optim().schedule().warmupSteps();
        if (maxSteps != null && warmup > maxSteps) {
            output.note(
                    "--max-steps "
                            + maxSteps
                            + " stops the run inside the learning-rate warm-up"
                            + " (optim.schedule.warmup_steps is "
                            + warmup
                            + " in "
                            + config
                            + "): the rate never reaches optim.lr; fine for a trial run, else raise"
                            + " --max-steps or lower the warm-up");
        }
    }

    private static Path defaultRunDir(String dataset) {
        String stamp =
                LocalDateTime.now(ZoneId.systemDefault())
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of("runs", dataset.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + stamp);
    }
}
