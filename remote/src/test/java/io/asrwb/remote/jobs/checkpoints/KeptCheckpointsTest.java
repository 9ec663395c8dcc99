package io.asrwb.remote.jobs.checkpoints;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.LocalFiles;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoints kept on this machine, copied from a real SSH server: checkpoint folders made
 * as the engine lays them out (files, {@code SHA256SUMS}, {@code latest}), without training.
 */
class KeptCheckpointsTest {

    private static final JobId ID =
            JobId.generate(Instant.parse("2026-11-23T10:00:00Z"), new Random(5));

    @TempDir Path dir;
    private RemoteRunFolder remote;
    private TestSshServer server;
    private SshSession ssh;
    private KeptCheckpoints kept;

    @BeforeEach
    void connect() throws IOException {
        remote = RemoteRunFolder.start(dir, ID);
        server = remote.server;
        ssh = remote.ssh;
        kept = new KeptCheckpoints(dir.resolve("kept"));
    }

    @AfterEach
    void close() {
        remote.close();
    }

    @Test
    void keepsTheNewestTwoAndCopiesNothingTwice() throws IOException {
        for (long step : List.of(2L, 4L, 6L)) {
            saveRemotely(step, true);
            assertThat(kept.copyNewest(ssh, ID)).map(Checkpoint::step).contains(step);
        }
        Path model6 = kept.folder(ID).resolve("checkpoints/step-000000006/model.zip");
        Files.writeString(model6.resolveSibling("marker"), "still the same folder");

        assertThat(kept.copyNewest(ssh, ID)).map(Checkpoint::step).contains(6L);

        assertThat(model6.resolveSibling("marker")).exists();
        assertThat(kept.newest(ID)).map(Checkpoint::step).contains(6L);
        assertThat(names(kept.folder(ID).resolve("checkpoints")))
                .containsExactlyInAnyOrder("step-000000004", "step-000000006", "latest");
        assertThat(kept.folder(ID).resolve("config.yaml")).hasContent("preset: tiny");
    }

    @Test
    void halfCopiedOrDamagedCheckpointsAreNeverTakenForTheNewest() throws IOException {
        saveRemotely(4, true);
        kept.copyNewest(ssh, ID);
        Path local = kept.folder(ID).resolve("checkpoints");
        // a copy cut off mid-way, one without its SHA256SUMS, one damaged after it arrived
        Files.createDirectories(local.resolve(".fetching-step-000000008"));
        Files.write(local.resolve(".fetching-step-000000008/model.zip"), new byte[] {1, 2});
        checkpointFolder(local, 10, true);
        Files.delete(local.resolve("step-000000010/SHA256SUMS"));
        checkpointFolder(local, 12, true);
        Files.write(local.resolve("step-000000012/model.zip"), new byte[] {9});

        assertThat(kept.newest(ID)).map(Checkpoint::step).contains(4L);
        Path out = dir.resolve("fetched");
        assertThat(kept.copyTo(ID, out)).map(Checkpoint::step).contains(4L);
        assertThat(CheckpointStore.openReadOnly(out).latest()).map(Checkpoint::step).contains(4L);
        assertThat(out.resolve("config.yaml")).hasContent("preset: tiny");
    }

    @Test
    void aKeptCopyDamagedHereIsCopiedAgainAndForgetLetsGoOfAll() throws IOException {
        saveRemotely(4, true);
        Checkpoint four = kept.copyNewest(ssh, ID).orElseThrow();
        Files.write(four.modelFile(), new byte[] {7});
        assertThat(kept.newest(ID)).isEmpty();

        assertThat(kept.copyNewest(ssh, ID)).contains(four);
        assertThat(kept.newest(ID)).contains(four);

        kept.forget(ID);
        assertThat(kept.newest(ID)).isEmpty();
        assertThat(kept.folder(ID)).doesNotExist();
        assertThat(names(dir.resolve("kept"))).isEmpty();
    }

    @Test
    void aCheckpointThatArrivesDamagedIsNotKeptAndTheSinkIsToldWhy() throws IOException {
        saveRemotely(4, true);
        kept.copyNewest(ssh, ID);
        saveRemotely(6, false);
        EventRecorder sink = new EventRecorder();

        kept.saved(
                ssh,
                new JobRecord(
                        ID,
                        new JobSpec(
                                "demo",
                                "preset: tiny\n",
                                new LaunchPlan.SingleNode(List.of("box")),
                                1),
                        "box",
                        new JobState.Running(1),
                        0,
                        0,
                        "cpu",
                        Instant.EPOCH,
                        Instant.EPOCH),
                sink);

        assertThat(sink.notes)
                .singleElement()
                .asString()
                .contains("could not copy")
                .contains("SHA-256")
                .contains("next checkpoint");
        assertThat(kept.newest(ID)).map(Checkpoint::step).contains(4L);
        assertThat(kept.folder(ID).resolve("checkpoints/step-000000006")).doesNotExist();
    }

    @Test
    void aKeptCheckpointIsPlacedWhereTheEngineResumesFrom() throws IOException {
        saveRemotely(4, true);
        Checkpoint four = kept.copyNewest(ssh, ID).orElseThrow();
        Path otherHome = server.home().resolve(RemoteLayout.run(ID));
        LocalFiles.deleteTree(otherHome); // as on a host that never saw the job

        kept.placeOn(ssh, ID, four, config -> config);

        Checkpoint there = CheckpointStore.openReadOnly(otherHome).latest().orElseThrow();
        assertThat(there.step()).isEqualTo(4);
        assertThat(Files.readAllBytes(there.modelFile()))
                .isEqualTo(Files.readAllBytes(four.modelFile()));
        assertThat(otherHome.resolve("config.yaml")).hasContent("preset: tiny");
        assertThat(otherHome.resolve("checkpoints/latest")).content().contains("step-000000004");
        assertThat(names(otherHome.resolve("checkpoints")))
                .containsExactlyInAnyOrder("step-000000004", "latest");
    }

    private void saveRemotely(long step, boolean intact) throws IOException {
        remote.saveCheckpoint(step, intact);
    }

    private static Path checkpointFolder(Path checkpoints, long step, boolean intact)
            throws IOException {
        return RemoteRunFolder.checkpointFolder(checkpoints, step, intact);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
