package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Commands and SFTP against a real loopback SSH server. */
@Timeout(60)
class SshSessionTest {

    @TempDir static Path dir;
    static TestSshServer server;
    static SshSession ssh;

    @BeforeAll
    static void connect() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id_ed25519"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        SshConnector connector =
                new SshConnector(
                        new KnownHostsFile(dir.resolve("known_hosts"), false),
                        k -> HostKeyDecision.TRUST_ONCE,
                        PassphrasePrompt.none(),
                        SshOptions.DEFAULTS);
        ssh =
                connector.connect(
                        new SshTarget(
                                "127.0.0.1",
                                server.port(),
                                TestSshServer.USER,
                                new SshAuth.KeyFile(key)));
    }

    @AfterAll
    static void disconnect() {
        ssh.close();
        server.close();
    }

    @Test
    void execReturnsExitStatusStdoutAndStderr() {
        ExecResult ok = ssh.exec(List.of("echo", "hello"));
        assertThat(ok).isEqualTo(new ExecResult(0, "hello\n", ""));

        ExecResult failed = ssh.exec(List.of("sh", "-c", "echo oops >&2; exit 7"));
        assertThat(failed.exitStatus()).isEqualTo(7);
        assertThat(failed.stderr()).isEqualTo("oops\n");
        assertThat(failed.succeeded()).isFalse();

        ExecResult missing = ssh.exec(List.of("no-such-command-asrwb"));
        assertThat(missing.exitStatus()).isEqualTo(127);
        assertThat(missing.stderr()).contains("no-such-command-asrwb");
    }

    @Test
    void commandsRunInTheHomeFolderSoSftpAndShellAgree() throws IOException {
        Files.writeString(server.home().resolve("marker.txt"), "here");
        assertThat(ssh.exec(List.of("cat", "marker.txt")).stdout()).isEqualTo("here\n");
        assertThat(ssh.size("marker.txt")).contains(4L);
        assertThat(ssh.size("absent.txt")).isEmpty();
    }

    @Test
    void streamingDeliversEachLineToItsListener() {
        List<String> out = new CopyOnWriteArrayList<>();
        List<String> err = new CopyOnWriteArrayList<>();
        RunningCommand command =
                ssh.execStreaming(
                        List.of(
                                "sh",
                                "-c",
                                "for i in 1 2 3; do echo line $i; echo warn $i >&2; done; printf"
                                        + " tail"),
                        out::add,
                        err::add);
        assertThat(command.waitFor()).isEqualTo(new CommandEnd.Exited(0));
        assertThat(out).containsExactly("line 1", "line 2", "line 3", "tail");
        assertThat(err).containsExactly("warn 1", "warn 2", "warn 3");
    }

    @Test
    void aStreamingCommandCanBeCancelled() {
        List<String> out = new CopyOnWriteArrayList<>();
        RunningCommand command =
                ssh.execStreaming(
                        List.of("sh", "-c", "echo started; sleep 30; echo never"),
                        out::add,
                        LineListener.ignore());
        assertThat(command.waitFor(Duration.ofMillis(300))).isEmpty();
        command.cancel();
        assertThat(command.waitFor()).isEqualTo(new CommandEnd.Cancelled());
        assertThat(out).doesNotContain("never");
        assertThat(ssh.exec(List.of("echo", "still usable")).stdout()).isEqualTo("still usable\n");
    }

    @Test
    void uploadAndDownloadKeepEveryByteAndReportProgress() throws Exception {
        byte[] data = randomBytes(300_000, 1);
        Path local = Files.write(dir.resolve("payload.bin"), data);
        List<long[]> progress = new ArrayList<>();
        ssh.makeDirectories("runs/r1/in");
        ssh.upload(
                local,
                "runs/r1/in/payload.bin",
                (done, total) -> progress.add(new long[] {done, total}));

        assertThat(sha256(Files.readAllBytes(server.home().resolve("runs/r1/in/payload.bin"))))
                .isEqualTo(sha256(data));
        Path partFolder = server.home().resolve("runs/r1/in/.asrwb-part");
        assertThat(partFolder.resolve("payload.bin.part")).doesNotExist();
        assertThat(
                        java.nio.file.attribute.PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(partFolder)))
                .as("the bytes on their way sit where only the owner can open them")
                .isEqualTo("rwx------");
        assertThat(progress.get(0)).containsExactly(0, data.length);
        assertThat(progress.get(progress.size() - 1)).containsExactly(data.length, data.length);
        assertThat(progress).extracting(p -> p[0]).isSorted();
        assertThat(ssh.exec(List.of("sha256sum", "runs/r1/in/payload.bin")).stdout())
                .startsWith(sha256(data));

        Path back = dir.resolve("back/payload.bin");
        List<Long> downloaded = new ArrayList<>();
        ssh.download("runs/r1/in/payload.bin", back, (done, total) -> downloaded.add(done));
        assertThat(sha256(Files.readAllBytes(back))).isEqualTo(sha256(data));
        assertThat(downloaded).last().isEqualTo((long) data.length);
        assertThat(
                        java.nio.file.attribute.PosixFilePermissions.toString(
                                Files.getPosixFilePermissions(back)))
                .as("created owner-only as its .part, not restricted afterwards")
                .isEqualTo("rw-------");
    }

    @Test
    void anInterruptedUploadResumesFromThePartialFile() throws Exception {
        byte[] data = randomBytes(200_000, 2);
        Path local = Files.write(dir.resolve("resume.bin"), data);
        Files.write(
                Files.createDirectories(server.home().resolve(".asrwb-part"))
                        .resolve("resume.bin.part"),
                java.util.Arrays.copyOf(data, 120_000));
        List<Long> progress = new ArrayList<>();
        ssh.upload(local, "resume.bin", (done, total) -> progress.add(done));
        assertThat(progress.get(0)).isEqualTo(120_000L);
        assertThat(sha256(Files.readAllBytes(server.home().resolve("resume.bin"))))
                .isEqualTo(sha256(data));
    }

    @Test
    void anInterruptedDownloadResumesFromThePartialFile() throws Exception {
        byte[] data = randomBytes(150_000, 3);
        Files.write(server.home().resolve("model.bin"), data);
        Path local = dir.resolve("model.bin");
        Files.write(dir.resolve("model.bin.part"), java.util.Arrays.copyOf(data, 50_000));
        List<Long> progress = new ArrayList<>();
        ssh.download("model.bin", local, (done, total) -> progress.add(done));
        assertThat(progress.get(0)).isEqualTo(50_000L);
        assertThat(sha256(Files.readAllBytes(local))).isEqualTo(sha256(data));
        assertThat(dir.resolve("model.bin.part")).doesNotExist();
    }

    @Test
    void readFromFollowsAGrowingFileByByteOffset() throws IOException {
        Path log = server.home().resolve("events.jsonl");
        Files.writeString(log, "{\"step\":1}\n{\"step\":2}\n");
        RemoteRead first = ssh.readFrom("events.jsonl", 0, 1 << 20);
        assertThat(new String(first.bytes(), StandardCharsets.UTF_8))
                .isEqualTo("{\"step\":1}\n{\"step\":2}\n");

        Files.writeString(log, "{\"step\":3}\n", java.nio.file.StandardOpenOption.APPEND);
        RemoteRead second = ssh.readFrom("events.jsonl", first.nextOffset(), 1 << 20);
        assertThat(second.offset()).isEqualTo(22);
        assertThat(new String(second.bytes(), StandardCharsets.UTF_8)).isEqualTo("{\"step\":3}\n");

        RemoteRead nothingNew = ssh.readFrom("events.jsonl", second.nextOffset(), 1 << 20);
        assertThat(nothingNew.bytes()).isEmpty();
        assertThat(nothingNew.truncated()).isFalse();

        RemoteRead limited = ssh.readFrom("events.jsonl", 2, 4);
        assertThat(new String(limited.bytes(), StandardCharsets.UTF_8)).isEqualTo("step");

        Files.writeString(log, "new\n");
        assertThat(ssh.readFrom("events.jsonl", second.nextOffset(), 100).truncated()).isTrue();
    }

    @Test
    void readingAMissingFileSaysWhich() {
        assertThatThrownBy(() -> ssh.readFrom("nope/events.jsonl", 0, 10))
                .isInstanceOf(SshException.TransferFailed.class)
                .hasMessageContaining("nope/events.jsonl")
                .hasMessageContaining("no such file");
    }

    static byte[] randomBytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String sha256(byte[] data) throws Exception {
        return java.util.HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
