package io.asrwb.remote.jobs.checkpoints;

import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.SshTarget;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Random;

/**
 * A job's run folder on a real loopback SSH server, laid out as the engine writes it (config.yaml,
 * checkpoint folders with {@code SHA256SUMS}, {@code latest}), without training, and a session to
 * it.
 */
final class RemoteRunFolder implements AutoCloseable {

    final TestSshServer server;
    final SshSession ssh;
    private final JobId id;

    private RemoteRunFolder(TestSshServer server, SshSession ssh, JobId id) {
        this.server = server;
        this.ssh = ssh;
        this.id = id;
    }

    /** A server holding job {@code id}'s run folder with its config.yaml ("preset: tiny"). */
    static RemoteRunFolder start(Path dir, JobId id) throws IOException {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        TestSshServer server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        SshSession ssh =
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
        RemoteRunFolder folder = new RemoteRunFolder(server, ssh, id);
        Files.createDirectories(folder.run());
        Files.writeString(folder.run().resolve("config.yaml"), "preset: tiny\n");
        return folder;
    }

    /** The run folder, as a path on this machine. */
    Path run() {
        return server.home().resolve(RemoteLayout.run(id));
    }

    /** A checkpoint on the server as the engine saves it; {@code intact} false: sums disagree. */
    void saveCheckpoint(long step, boolean intact) throws IOException {
        Path checkpoints = server.home().resolve(RemoteLayout.checkpoints(id));
        Path folder = checkpointFolder(checkpoints, step, intact);
        Files.writeString(
                checkpoints.resolve("latest"), "{\"checkpoint\":\"" + folder.getFileName() + "\"}");
    }

    static Path checkpointFolder(Path checkpoints, long step, boolean intact) throws IOException {
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

    @Override
    public void close() {
        ssh.close();
        server.close();
    }
}
