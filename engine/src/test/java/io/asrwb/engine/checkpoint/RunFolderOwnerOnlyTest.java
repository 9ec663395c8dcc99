package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.train.RunLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run folder and what the run writes in it are its owner's only, in a folder others can enter too. */
class RunFolderOwnerOnlyTest {

    @TempDir Path dir;

    @Test
    void theRunFolderItsLockEventsAndCheckpointsAreTheOwnersOnly() throws Exception {
        assumeTrue(OwnerOnly.posix(dir), "needs POSIX permissions");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path runDir = dir.resolve("runs").resolve("first");

        try (RunLock lock = RunLock.acquire(runDir);
                JsonLinesWriter events =
                        JsonLinesWriter.appendingTo(runDir.resolve(JsonLinesWriter.EVENTS_FILE))) {
            ComputationGraph graph = TinyGraphs.newGraph(false);
            CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
            Checkpoint saved = store.save(graph, TinyGraphs.stateFor(graph, 1, null));

            assertThat(perms(dir.resolve("runs"))).isEqualTo("rwx------");
            assertThat(perms(runDir)).isEqualTo("rwx------");
            assertThat(perms(runDir.resolve("run.lock"))).isEqualTo("rw-------");
            assertThat(perms(runDir.resolve(JsonLinesWriter.EVENTS_FILE))).isEqualTo("rw-------");
            assertThat(perms(runDir.resolve(CheckpointStore.DIRECTORY))).isEqualTo("rwx------");
            assertThat(perms(saved.directory())).isEqualTo("rwx------");
        }
    }

    private static String perms(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
