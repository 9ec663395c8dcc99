package io.asrwb.app.finetune;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.finetune.VoiceFineTuneViewModel.State;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.ManifestVersion;
import io.asrwb.engine.store.ManifestVersionRepository;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fine-tuning flow as a plain object on real parts: 20 takes of real audio in a recording
 * dataset (H2 catalog file), the demo model fine-tuned for two steps (DL4J), and the A/B of base
 * and fine-tuned model on the held-out takes.
 */
class VoiceFineTuneViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private VoiceFineTuneViewModel vm;
    private final List<Path> used = new ArrayList<>();

    @BeforeEach
    void recordTakes() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "me");
        vm = new VoiceFineTuneViewModel(ctx, dir.resolve("runs"), used::add);
        vm.baseProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
        vm.stepCapProperty().set(2);
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void offeredOnlyFromTwentyTakes() throws Exception {
        RecordedTakes.record(catalog, "my voice", dir.resolve("rec"), 19);
        vm.datasetProperty().set("my voice");
        assertThat(vm.takesProperty().get()).isEqualTo(19);
        assertThat(vm.enoughProperty().get()).isFalse();

        vm.start();
        assertThat(vm.stateProperty().get()).isEqualTo(State.IDLE);
    }

    @Test
    void holdsOutAFifthFineTunesOnTheRestAndComparesOnTheHeldOut() throws Exception {
        RecordedTakes.record(catalog, "my voice", dir.resolve("rec"), 20);
        vm.datasetProperty().set("my voice");
        assertThat(vm.enoughProperty().get()).isTrue();

        vm.start();

        assertThat(vm.stateProperty().get()).as(vm.statusProperty().get()).isEqualTo(State.DONE);
        FineTuneOutcome done = vm.outcomeProperty().get();
        assertThat(done.heldOut()).isGreaterThanOrEqualTo(5);
        assertThat(done.heldOut() + done.training()).isEqualTo(20);
        assertThat(done.lastStep()).isEqualTo(2);
        assertThat(done.runDir().getParent()).isEqualTo(dir.resolve("runs").toAbsolutePath());
        assertThat(done.runDir().getFileName().toString()).startsWith("my_voice-finetune-");
        // the held-out takes are the test split, written as a new manifest version
        List<StoredUtterance> takes = utterances();
        assertThat(takes.stream().filter(u -> u.utterance().split() == Split.TEST))
                .hasSize(done.heldOut());
        assertThat(versions())
                .last()
                .extracting(ManifestVersion::note)
                .asString()
                .startsWith("held out " + done.heldOut() + " takes");
        // the A/B: base (A) and fine-tuned (B) on exactly the held-out takes
        assertThat(vm.compare().rows()).hasSize(done.heldOut());
        assertThat(vm.compare().modelBProperty().get()).isEqualTo(done.runDir());
        HeldOutScores scores = vm.scoresProperty().get();
        assertThat(scores.takes()).isEqualTo(done.heldOut());
        assertThat(scores.werBase()).isBetween(0.0, 2.0);
        assertThat(vm.statusProperty().get()).startsWith("On the " + done.heldOut() + " held-out");
        // a run like any other, in the catalog's runs
        RunRecord run =
                catalog.read(c -> new RunRepository(c).byRunDir(done.runDir().toString()))
                        .orElseThrow();
        assertThat(run.status()).isEqualTo(RunRepository.FINISHED);

        vm.useModel();
        assertThat(used).containsExactly(done.runDir());
    }

    @Test
    void aSecondRunKeepsTheSameTakesHeldOut() throws Exception {
        RecordedTakes.record(catalog, "my voice", dir.resolve("rec"), 20);
        vm.datasetProperty().set("my voice");
        vm.start();
        List<String> first = heldOutIds();

        vm.start();

        assertThat(vm.stateProperty().get()).isEqualTo(State.DONE);
        assertThat(heldOutIds()).isEqualTo(first);
    }

    @Test
    void cancelStopsAfterTheStepWithACompleteCheckpointAndMarksTheRun() throws Exception {
        RecordedTakes.record(catalog, "my voice", dir.resolve("rec"), 20);
        vm.datasetProperty().set("my voice");
        vm.progressProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now.doubleValue() > 0) {
                                vm.cancel();
                            }
                        });

        vm.start();

        assertThat(vm.stateProperty().get()).isEqualTo(State.CANCELLED);
        FineTuneOutcome done = vm.outcomeProperty().get();
        assertThat(done.lastStep()).isEqualTo(1);
        assertThat(vm.compare().rows()).isEmpty();
        RunRecord run =
                catalog.read(c -> new RunRepository(c).byRunDir(done.runDir().toString()))
                        .orElseThrow();
        assertThat(run.message()).isEqualTo("stopped_by_user");
        // every folder in checkpoints/ is a whole checkpoint: no temp folder is left behind
        try (Stream<Path> saved = Files.list(done.runDir().resolve("checkpoints"))) {
            assertThat(saved.filter(Files::isDirectory).toList())
                    .isNotEmpty()
                    .allSatisfy(p -> assertThat(p.resolve(Checkpoint.STATE_FILE)).isRegularFile());
        }
    }

    private List<String> heldOutIds() {
        return utterances().stream()
                .filter(u -> u.utterance().split() == Split.TEST)
                .map(u -> u.utterance().id())
                .toList();
    }

    private List<StoredUtterance> utterances() {
        return catalog.read(
                c ->
                        new UtteranceRepository(c)
                                .of(new DatasetRepository(c).require("my voice").id()));
    }

    private List<ManifestVersion> versions() {
        return catalog.read(
                c ->
                        new ManifestVersionRepository(c)
                                .of(new DatasetRepository(c).require("my voice").id()));
    }
}
