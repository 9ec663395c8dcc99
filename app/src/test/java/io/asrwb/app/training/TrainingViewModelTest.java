package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.CliChild;
import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.train.RunLock;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard's view model on real parts: a catalog file, the demo corpus cut to 32 utterances,
 * the tiny model trained 6 steps on the current thread. One run is trained once for the class; the
 * tests read it back and the last one resumes it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TrainingViewModelTest {

    @TempDir static Path dir;
    private static Catalog catalog;
    private static TrainingViewModel first;
    private static final List<Integer> lossBatchSizes = new ArrayList<>();

    @BeforeAll
    static void trainOnce() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        DemoDataset.importInto(catalog, dir.resolve("data"));
        first = viewModel(DemoDataset.tinyConfig());
        assertThat(first.canStartProperty().get()).as(first.statusProperty().get()).isTrue();
        first.shownSeries()
                .addListener(
                        (ListChangeListener<RunSeries>)
                                c ->
                                        first.shownSeries()
                                                .forEach(
                                                        s ->
                                                                s.points(Metric.TRAIN_LOSS)
                                                                        .addListener(
                                                                                (ListChangeListener<
                                                                                                MetricPoint>)
                                                                                        change -> {
                                                                                            while (change
                                                                                                    .next()) {
                                                                                                lossBatchSizes
                                                                                                        .add(
                                                                                                                change
                                                                                                                        .getAddedSize());
                                                                                            }
                                                                                        })));
        first.start();
    }

    @AfterAll
    static void close() {
        catalog.close();
    }

    private static TrainingViewModel viewModel(HyperparametersViewModel hyper) {
        TrainingViewModel vm =
                new TrainingViewModel(
                        new AppContext(
                                catalog,
                                new CurrentThreadTaskRunner(),
                                Clock.systemUTC(),
                                "tester"),
                        hyper,
                        dir.resolve("runs"));
        vm.refresh();
        return vm;
    }

    @Test
    @Order(1)
    void aStartedRunFillsTheLiveSeriesCheckpointsAndTheCatalog() {
        assertThat(first.runningProperty().get()).isFalse();
        assertThat(first.statusProperty().get()).contains("finished at step 6");
        RunSeries live = first.shownSeries().get(0);
        assertThat(live.live()).isTrue();
        assertThat(live.points(Metric.TRAIN_LOSS))
                .extracting(MetricPoint::step)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(live.points(Metric.LEARNING_RATE)).hasSize(6);
        assertThat(live.points(Metric.THROUGHPUT))
                .allSatisfy(p -> assertThat(p.value()).isPositive());
        assertThat(live.points(Metric.WER)).extracting(MetricPoint::step).containsExactly(3L, 6L);
        assertThat(live.points(Metric.CER)).hasSize(2);
        assertThat(live.points(Metric.VAL_LOSS)).hasSize(2);
        // the trainer ran on this thread, so its six steps queued up and reached the series in one
        // drain
        assertThat(lossBatchSizes).containsExactly(6);
        assertThat(first.progressProperty().get()).isEqualTo(1.0);
        assertThat(first.progressTextProperty().get()).startsWith("step 6 / 6");

        assertThat(first.checkpoints()).extracting(CheckpointRow::step).containsExactly(3L, 6L);
        assertThat(first.checkpoints())
                .filteredOn(CheckpointRow::best)
                .hasSize(1)
                .allSatisfy(
                        best ->
                                assertThat(best.wer())
                                        .isEqualTo(
                                                first.checkpoints().stream()
                                                        .mapToDouble(CheckpointRow::wer)
                                                        .min()
                                                        .orElseThrow()));

        List<RunRecord> runs = catalog.read(c -> new RunRepository(c).all());
        assertThat(runs)
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.status()).isEqualTo(RunRepository.FINISHED);
                            assertThat(r.lastStep()).isEqualTo(6);
                        });
        assertThat(first.runs())
                .singleElement()
                .satisfies(r -> assertThat(r.status()).isEqualTo("finished"));
        assertThat(first.canStartProperty().get()).isTrue();
    }

    @Test
    @Order(2)
    void aFreshViewModelReloadsTheRunAndOverlaysItsSeriesFromTheCatalog() {
        TrainingViewModel reopened = viewModel(DemoDataset.tinyConfig());
        assertThat(reopened.shownSeries()).isEmpty();
        RunRow run = reopened.runs().get(0);
        assertThat(run.status()).isEqualTo("finished");

        reopened.overlaidProperty(run).set(true);

        assertThat(reopened.shownSeries())
                .singleElement()
                .satisfies(
                        s -> {
                            assertThat(s.live()).isFalse();
                            assertThat(s.points(Metric.TRAIN_LOSS))
                                    .extracting(MetricPoint::value)
                                    .containsExactlyElementsOf(
                                            first
                                                    .shownSeries()
                                                    .get(0)
                                                    .points(Metric.TRAIN_LOSS)
                                                    .stream()
                                                    .map(MetricPoint::value)
                                                    .toList());
                            assertThat(s.points(Metric.WER)).hasSize(2);
                            assertThat(s.points(Metric.THROUGHPUT)).hasSize(6);
                        });
        reopened.selectedRunProperty().set(run);
        assertThat(reopened.checkpoints()).extracting(CheckpointRow::step).containsExactly(3L, 6L);

        reopened.overlaidProperty(run).set(false);
        assertThat(reopened.shownSeries()).isEmpty();
    }

    @Test
    @Order(2)
    void startIsDisabledWhileTheConfigIsInvalid() {
        HyperparametersViewModel hyper = DemoDataset.tinyConfig();
        TrainingViewModel vm = viewModel(hyper);
        assertThat(vm.canStartProperty().get()).isTrue();

        hyper.set("data.batch_size", 0);
        assertThat(vm.canStartProperty().get()).isFalse();
        vm.start();
        assertThat(vm.runs()).hasSize(1);

        hyper.set("data.batch_size", 4);
        assertThat(vm.canStartProperty().get()).isTrue();
    }

    @Test
    @Order(3)
    void aRunLeftRunningShowsInterruptedAndResumes() {
        RunRecord record = catalog.read(c -> new RunRepository(c).all()).get(0);
        catalog.transaction(
                c ->
                        new RunRepository(c)
                                .begin(
                                        record.runDir(),
                                        record.datasetId(),
                                        record.configYaml(),
                                        Instant.now()));

        TrainingViewModel reopened = viewModel(DemoDataset.tinyConfig());
        RunRow run = reopened.runs().get(0);
        assertThat(run.interrupted()).isTrue();

        reopened.resumeLatest(run); // the one click: its newest checkpoint is its last step
        assertThat(reopened.runs().get(0).status()).isEqualTo("finished");

        reopened.selectedRunProperty().set(reopened.runs().get(0));
        CheckpointRow third = reopened.checkpoints().get(0);
        assertThat(third.step()).isEqualTo(3);
        reopened.resume(reopened.runs().get(0), third);

        RunSeries live = reopened.shownSeries().get(0);
        assertThat(live.points(Metric.TRAIN_LOSS))
                .extracting(MetricPoint::step)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(reopened.statusProperty().get()).contains("finished at step 6");
        assertThat(reopened.runs())
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.status()).isEqualTo("finished");
                            assertThat(r.lastStep()).isEqualTo(6);
                        });
        assertThat(reopened.checkpoints()).extracting(CheckpointRow::step).containsExactly(3L, 6L);
    }

    @Test
    @Order(4)
    void aRunWhoseFolderATrainerHoldsIsNotCalledInterrupted() throws Exception {
        RunRecord record = catalog.read(c -> new RunRepository(c).all()).get(0);
        catalog.transaction(
                c ->
                        new RunRepository(c)
                                .begin(
                                        record.runDir(),
                                        record.datasetId(),
                                        record.configYaml(),
                                        Instant.now())); // the catalog says running
        try (RunLock trainer =
                RunLock.acquire(Path.of(record.runDir()))) { // and a trainer holds the folder
            TrainingViewModel reopened = viewModel(DemoDataset.tinyConfig());
            RunRow run = reopened.runs().get(0);
            assertThat(run.interrupted()).isFalse();
            assertThat(run.label())
                    .contains("running (trained by pid " + ProcessHandle.current().pid());

            reopened.resumeLatest(run);
            assertThat(reopened.runningProperty().get()).isFalse();
            assertThat(reopened.statusProperty().get())
                    .contains("is being trained by pid")
                    .endsWith("stop that run first");
        }
        // the trainer is gone (its process died: the OS dropped its lock)
        assertThat(viewModel(DemoDataset.tinyConfig()).runs().get(0).interrupted()).isTrue();
    }

    /**
     * A CLI training beside the app, SIGKILLed some steps after its checkpoint: the dashboard calls
     * it interrupted, resumes it, and its charts and the catalog show each step once, with the
     * value the resumed attempt computed — though events.jsonl holds the repeated steps twice.
     */
    @Test
    @Order(5)
    void aRunKilledAfterItsCheckpointResumesWithEachStepOnce() throws Exception {
        RunConfig config = DemoDataset.tinyConfig().currentConfig();
        config = ConfigFields.with(config, "data.dataset", DemoDataset.NAME);
        config = ConfigFields.with(config, "train.max_steps", 10L);
        config = ConfigFields.with(config, "train.eval_every_steps", 2L);
        config = ConfigFields.with(config, "train.checkpoint_every_steps", 4L);
        Path yaml = dir.resolve("killed.yaml");
        RunConfigYaml.standard().save(config, yaml);
        Path runDir = dir.resolve("runs").resolve("killed").toAbsolutePath();

        CliChild.killAtStep(
                dir.resolve("catalog"),
                runDir,
                6,
                "train",
                "--config",
                yaml.toString(),
                "--dataset",
                DemoDataset.NAME,
                "--out",
                runDir.toString());

        TrainingViewModel vm = viewModel(DemoDataset.tinyConfig());
        RunRow run =
                vm.runs().stream()
                        .filter(r -> r.runDir().equals(runDir.toString()))
                        .findFirst()
                        .orElseThrow();
        assertThat(run.interrupted()).isTrue();
        vm.resumeLatest(run);
        assertThat(vm.statusProperty().get()).contains("finished at step 10");

        List<double[]> written = CliChild.rawSteps(runDir);
        assertThat(written)
                .as("the steps after the checkpoint are in events.jsonl twice")
                .hasSizeGreaterThan(10);
        Map<Long, Double> lastWritten = new TreeMap<>();
        written.forEach(s -> lastWritten.put((long) s[0], s[1]));
        RunSeries live = vm.shownSeries().get(0);
        assertThat(live.points(Metric.TRAIN_LOSS))
                .extracting(MetricPoint::step)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        live.points(Metric.TRAIN_LOSS)
                .forEach(
                        p ->
                                assertThat(p.value())
                                        .as("step " + p.step())
                                        .isEqualTo(lastWritten.get(p.step())));
        assertThat(live.points(Metric.WER))
                .extracting(MetricPoint::step)
                .containsExactly(2L, 4L, 6L, 8L, 10L);

        RunRow reopened =
                viewModel(DemoDataset.tinyConfig()).runs().stream()
                        .filter(r -> r.runDir().equals(runDir.toString()))
                        .findFirst()
                        .orElseThrow();
        assertThat(history().series(reopened, false, Long.MAX_VALUE).points(Metric.TRAIN_LOSS))
                .extracting(MetricPoint::step)
                .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    }

    private static RunHistory history() {
        return new RunHistory(catalog);
    }
}
