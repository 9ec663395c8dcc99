package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a crash or a damaged disk can leave behind is never picked up: the store falls back to the
 * newest complete checkpoint by step.
 */
class CheckpointCrashRecoveryTest {

    @TempDir Path runDir;

    private ComputationGraph graph;
    private Path checkpoints;

    @BeforeEach
    void saveTwoGoodCheckpoints() throws IOException {
        graph = TinyGraphs.newGraph(false);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        graph.fit(TinyGraphs.batch(0));
        store.save(graph, TinyGraphs.stateFor(graph, 1, null));
        graph.fit(TinyGraphs.batch(1));
        store.save(graph, TinyGraphs.stateFor(graph, 2, null));
        checkpoints = store.directory();
    }

    @Test
    void aTempDirectoryWithPartialFilesIsIgnoredAndRemovedOnOpen() throws IOException {
        Path partial = Files.createDirectory(checkpoints.resolve(".tmp-step-000000003-5eed"));
        Files.write(partial.resolve(Checkpoint.MODEL_FILE), new byte[] {0x50, 0x4b, 3});

        CheckpointStore reader = CheckpointStore.openReadOnly(runDir);
        assertThat(reader.latest()).map(Checkpoint::step).hasValue(2L);
        assertThat(partial).exists();

        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        assertThat(partial).doesNotExist();
        assertThat(store.latest()).map(Checkpoint::step).hasValue(2L);
    }

    @Test
    void aStepDirectoryWithoutChecksumsIsIncompleteAndRemovedOnOpen() throws IOException {
        Path copied = Files.createDirectory(checkpoints.resolve("step-000000003"));
        Files.copy(
                checkpoints.resolve("step-000000002").resolve(Checkpoint.MODEL_FILE),
                copied.resolve(Checkpoint.MODEL_FILE));

        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(2L);
        CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        assertThat(copied).doesNotExist();
    }

    @Test
    void aCompleteLookingCheckpointWithACorruptedFileFallsBackToThePreviousOne()
            throws IOException {
        Path model = checkpoints.resolve("step-000000002").resolve(Checkpoint.MODEL_FILE);
        byte[] bytes = Files.readAllBytes(model);
        bytes[bytes.length / 2] ^= 0x01;
        Files.write(model, bytes);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());

        Checkpoint latest = store.latest().orElseThrow();

        assertThat(latest.step()).isEqualTo(1);
        assertThat(store.load(latest, TinyGraphs.identity(graph)).state().step()).isEqualTo(1);
        assertThat(names()).doesNotContain("step-000000002");
        assertThat(names()).anyMatch(name -> name.startsWith(".damaged-step-000000002-"));
    }

    @Test
    void aReadOnlyStoreSkipsADamagedCheckpointWithoutMovingIt() throws IOException {
        Files.writeString(
                checkpoints.resolve("step-000000002").resolve(Checkpoint.STATE_FILE), "{}");

        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(1L);
        assertThat(names()).contains("step-000000002");
    }

    @Test
    void latestPointingAtAMissingDirectoryFallsBackToTheNewestComplete() throws IOException {
        LatestPointer.write(checkpoints, "step-000000009");

        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(2L);
    }

    @Test
    void aDamagedOrMissingPointerFileFallsBackToTheNewestComplete() throws IOException {
        Files.writeString(
                checkpoints.resolve(LatestPointer.FILE_NAME), "{\"checkpo", StandardCharsets.UTF_8);
        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(2L);

        Files.delete(checkpoints.resolve(LatestPointer.FILE_NAME));
        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(2L);
    }

    @Test
    void aCrashBetweenTheRenameAndThePointerSwapStillFindsTheNewestComplete() throws IOException {
        // the state a crash leaves after step 3's directory is renamed into place, before `latest`
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        graph.fit(TinyGraphs.batch(2));
        store.save(graph, TinyGraphs.stateFor(graph, 3, null));
        LatestPointer.write(checkpoints, "step-000000002");

        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(3L);
    }

    @Test
    void newestIsChosenByStepNumberNotByFileTime() throws IOException {
        Path older = checkpoints.resolve("step-000000001");
        Files.setLastModifiedTime(
                older,
                java.nio.file.attribute.FileTime.fromMillis(
                        System.currentTimeMillis() + 86_400_000));

        assertThat(CheckpointStore.openReadOnly(runDir).latest())
                .map(Checkpoint::step)
                .hasValue(2L);
    }

    @Test
    void savingAStepThatExistsReplacesIt() throws IOException {
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        graph.fit(TinyGraphs.batch(7));

        store.save(graph, TinyGraphs.stateFor(graph, 2, 0.25));

        Checkpoint latest = store.latest().orElseThrow();
        assertThat(latest.step()).isEqualTo(2);
        assertThat(store.readState(latest).metrics().wer()).isEqualTo(0.25);
        assertThat(names()).noneMatch(name -> name.startsWith("."));
    }

    @Test
    void anEmptyRunHasNoLatestCheckpoint(@TempDir Path emptyRun) throws IOException {
        assertThat(CheckpointStore.openReadOnly(emptyRun).latest()).isEmpty();
        assertThat(CheckpointStore.open(emptyRun, RetentionPolicy.keepAll()).latest()).isEmpty();
    }

    private List<String> names() throws IOException {
        try (Stream<Path> entries = Files.list(checkpoints)) {
            return entries.map(path -> path.getFileName().toString()).toList();
        }
    }
}
