package io.asrwb.engine.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb resume RUN_DIR}: continues a run exactly where its newest checkpoint left it. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description =
                "Continue a run from its newest complete checkpoint: same next batch, same losses"
                        + " (a run that ended before its first checkpoint starts over).")
final class ResumeCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "RUN_DIR",
            description = "the run folder (holds config.yaml, checkpoints/)")
    Path runDir;

    @Mixin SparkOptions spark;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        RunLauncher.readConfig(runDir); // a folder that is no run fails before the catalog opens
        Optional<ReplicaTrainingFactory> cluster = spark.replicaTraining();
        // a refused launch (RunLaunchException: the folder is trained right now) changed nothing
        try (Catalog catalog = main.openCatalog();
                PreparedRun run = RunLauncher.prepareResume(catalog, runDir, null)) {
            cluster.ifPresent(run.trainer()::trainThrough);
            return TrainingSession.run(run, catalog, output);
        }
    }
}
