package io.asrwb.remote.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code host} and {@code job} commands in-process against a real loopback SSH server: host
 * keys trusted by fingerprint or on the terminal, refused without one, a changed key refused
 * loudly; the inventory; job commands on ids that do not exist.
 */
class RemoteCliTest {

    @TempDir Path dir;

    record Run(int exit, String out, String err) {}

    /** A terminal that answers {@code answer} (null: there is no terminal). */
    Run cli(String answer, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal terminal =
                new Terminal() {
                    @Override
                    public String ask(String question) {
                        return answer;
                    }

                    @Override
                    public char[] askSecret(String question) {
                        return null;
                    }
                };
        List<String> all = new ArrayList<>(List.of("--db", dir.resolve("catalog").toString()));
        all.addAll(List.of(args));
        int exit =
                RemoteMain.commandLine(
                                new PrintWriter(out, true), new PrintWriter(err, true), terminal)
                        .execute(all.toArray(String[]::new));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void hostKeysAreTrustedByFingerprintOrOnTheTerminalAndAChangedKeyIsRefused() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        KeyPair hostKey = TestSshServer.newEd25519();
        String fingerprint = KeyUtils.getFingerPrint(hostKey.getPublic());
        int port;
        try (TestSshServer server =
                TestSshServer.start(dir.resolve("s1"), hostKey, 0, user.getPublic())) {
            port = server.port();
            String[] add = {
                "host",
                "add",
                "box",
                "--address",
                "127.0.0.1",
                "--port",
                String.valueOf(port),
                "--user",
                TestSshServer.USER,
                "--key",
                key.toString()
            };

            Run wrong = cli(null, concat(add, "--trust-fingerprint", "SHA256:not-it"));
            assertThat(wrong.exit()).isEqualTo(RemoteErrorHandler.SSH);
            assertThat(wrong.err()).contains(fingerprint).contains("was not trusted");
            assertThat(cli(null, "host", "list").out()).contains("no hosts");

            Run added = cli(null, add);
            assertThat(added.exit()).as(added.err()).isZero();
            Run unattended = cli(null, "host", "test", "box");
            assertThat(unattended.exit()).isEqualTo(RemoteErrorHandler.SSH);
            assertThat(unattended.err())
                    .contains(fingerprint)
                    .contains("--trust-fingerprint " + fingerprint);

            Run asked = cli("yes", "--porcelain", "host", "test", "box");
            assertThat(asked.exit()).as(asked.err()).isZero();
            assertThat(asked.out()).contains("\"type\":\"host-report\"").contains("\"java\":\"17");
            assertThat(cli(null, "host", "test", "box").exit()).isZero(); // saved: no question now
            assertThat(cli(null, "host", "list").out()).contains("box\talice@127.0.0.1:" + port);
        }
        try (TestSshServer impostor =
                TestSshServer.start(
                        dir.resolve("s2"), TestSshServer.newEd25519(), port, user.getPublic())) {
            Run changed = cli("yes", "host", "test", "box");
            assertThat(changed.exit()).isEqualTo(RemoteErrorHandler.SSH);
            assertThat(changed.err()).contains("HAS CHANGED").contains(fingerprint);
        }
        assertThat(cli(null, "host", "remove", "box").exit()).isZero();
        assertThat(cli(null, "host", "remove", "box").err()).contains("no host named box");
    }

    @Test
    void jobCommandsExplainWhatIsMissing() {
        assertThat(cli(null, "job", "list").out()).contains("no jobs");
        Run attach = cli(null, "job", "attach", "j20261123-000000-abcd");
        assertThat(attach.exit()).isEqualTo(1);
        assertThat(attach.err()).contains("no job j20261123-000000-abcd").contains("job list");
        Run bad = cli(null, "job", "stop", "x; rm -rf ~");
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.err()).contains("job id 'x; rm -rf ~' must be");
        Run noHost =
                cli(
                        null,
                        "job",
                        "submit",
                        "--host",
                        "nowhere",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo");
        assertThat(noHost.exit()).isEqualTo(1);
        assertThat(noHost.err()).contains("no host named nowhere");
        Run spark =
                cli(
                        null,
                        "job",
                        "submit",
                        "--host",
                        "a,b",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo",
                        "--mode",
                        "spark",
                        "--spark-worker-memory",
                        "lots");
        assertThat(spark.exit()).isEqualTo(1);
        assertThat(spark.err()).contains("worker memory must look like 4g");
        Run backend =
                cli(
                        null,
                        "job",
                        "submit",
                        "--host",
                        "box",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo",
                        "--backend",
                        "gpu");
        assertThat(backend.exit()).isEqualTo(1);
        assertThat(backend.err()).contains("--backend must be auto, cpu or cuda, was 'gpu'");
    }

    private static String[] concat(String[] head, String... tail) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }
}
