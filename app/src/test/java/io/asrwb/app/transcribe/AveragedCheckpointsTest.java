package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.training.CheckpointAveragingViewModel;
import io.asrwb.app.training.RunRow;
import io.asrwb.engine.inference.TrainedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Training tab's "Average last N…" on a real run folder (two checkpoints that are the demo
 * model), and the Transcribe tab offering the average beside the run's checkpoints.
 */
class AveragedCheckpointsTest {

    private static final Path DEMO_MODEL = Path.of("..", "assets", "demo-model");

    @TempDir Path dir;

    @Test
    void averageLastNWritesACheckpointTheTranscribeTabOffers() throws Exception {
        Path runDir = run(List.of("step-000000001", "step-000000002"));
        CheckpointAveragingViewModel vm =
                new CheckpointAveragingViewModel(new CurrentThreadTaskRunner());
        AtomicInteger done = new AtomicInteger();

        vm.averageLast(row(runDir), 2, 2, done::incrementAndGet);

        Path out = CheckpointAveragingViewModel.outputOf(runDir, 2, 2);
        assertThat(done).hasValue(1);
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.statusProperty().get())
                .startsWith("averaged 2 checkpoints into averaged/last-2-step-2");
        assertThat(TrainedModel.load(out).graph().params())
                .isEqualTo(TrainedModel.load(DEMO_MODEL).graph().params());
        assertThat(ModelChoices.ofRunDirectory(runDir, false))
                .extracting(ModelChoice::checkpoint)
                .containsExactly(
                        runDir.resolve("checkpoints/step-000000002"),
                        runDir.resolve("checkpoints/step-000000001"),
                        out);
    }

    @Test
    void tooFewCheckpointsSaySoInTheStatus() throws Exception {
        Path runDir = run(List.of("step-000000001"));
        CheckpointAveragingViewModel vm =
                new CheckpointAveragingViewModel(new CurrentThreadTaskRunner());

        vm.averageLast(row(runDir), 1, 2, () -> {});

        assertThat(vm.statusProperty().get()).contains("--last 2", "1 complete checkpoint");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    private Path run(List<String> steps) throws Exception {
        Path runDir = dir.resolve("run");
        for (String step : steps) {
            Path target = Files.createDirectories(runDir.resolve("checkpoints").resolve(step));
            try (Stream<Path> files = Files.list(DEMO_MODEL)) {
                for (Path f : files.toList()) {
                    Files.copy(f, target.resolve(f.getFileName()));
                }
            }
        }
        return runDir;
    }

    private static RunRow row(Path runDir) {
        return new RunRow(1, runDir.toString(), "finished", 2, "");
    }
}
