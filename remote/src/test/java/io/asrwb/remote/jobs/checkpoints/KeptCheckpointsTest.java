package io.asrwb.remote.jobs.checkpoints;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.LocalFiles;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.SshTarget;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
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
    private TestSshServer server;
    private SshSession ssh;
    private KeptCheckpoints kept;

    @BeforeEach
    void connect() throws IOException {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        ssh =
                new SshConnector(
                                new KnownHostsFile(dir.resolve("kh"), false),
                                k -> HostKeyDecision.TRUST_AND_SAVE,
                                PassphrasePrompt.none(),
                                JobTestBed.FAST)
                        .connect(
                                new SshTarget(
                                        "127.0.0.1",
                                        server.port(),
                                        TestSshServer.USER,
                                        new SshAuth.KeyFile(key)));
        kept = new KeptCheckpoints(dir.resolve("kept"));
        Path run = server.home().resolve(RemoteLayout.run(ID));
        Files.createDirectories(run);
        Files.writeString(run.resolve("config.yaml"), "preset: tiny\n");
    }

    @AfterEach
    void close() {
        ssh.close();
        server.close();
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

    /** A checkpoint on the server as the engine saves it; {@code intact} false: sums disagree. */
    private void saveRemotely(long step, boolean intact) throws IOException {
        Path checkpoints = server.home().resolve(RemoteLayout.checkpoints(ID));
        Path folder = checkpointFolder(checkpoints, step, intact);
        Files.writeString(
                checkpoints.resolve("latest"), "{\"checkpoint\":\"" + folder.getFileName() + "\"}");
    }

    private static Path checkpointFolder(Path checkpoints, long step, boolean intact)
            throws IOException {
        Path folder = checkpoints.resolve(String.format("step-%09d", step));
        Files.createDirectories(folder);
        byte[] model = new byte[3000];
        new Random(step).nextBytes(model);
        Files.write(folder.resolve("model.zip"), model);
        Files.writeString(folder.resolve("state.json"), "{\"step\":" + step + "}");
        String sums =
                ContentHash.sha256(
                                intact ? folder.resolve("model.zip") : folder.resolve("state.json"))
                        + "  model.zip\n"
                        + ContentHash.sha256(folder.resolve("state.json"))
                        + "  state.json\n";
        Files.writeString(folder.resolve("SHA256SUMS"), sums, StandardCharsets.UTF_8);
        return folder;
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
