package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.testing.FreezableTcpProxy;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dead link ends a command with ConnectionLost instead of hanging. The timeouts only guard
 * against a hang: without keep-alives the frozen link would block for the command's 60 s.
 */
@Timeout(40)
class ConnectionLossTest {

    static final SshOptions FAST = new SshOptions(Duration.ofSeconds(10), Duration.ofSeconds(1), 3);

    @TempDir Path dir;
    TestSshServer server;
    Path key;

    @BeforeEach
    void start() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        key = TestKeys.write(user, dir.resolve("id"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    SshSession connect(int port) {
        return new SshConnector(
                        new KnownHostsFile(dir.resolve("known_hosts"), false),
                        k -> HostKeyDecision.TRUST_AND_SAVE,
                        PassphrasePrompt.none(),
                        FAST)
                .connect(
                        new SshTarget(
                                "127.0.0.1", port, TestSshServer.USER, new SshAuth.KeyFile(key)));
    }

    @Test
    void aSilentLinkIsDetectedByKeepAlives() throws Exception {
        try (FreezableTcpProxy proxy = new FreezableTcpProxy(server.port());
                SshSession ssh = connect(proxy.port())) {
            List<String> lines = new CopyOnWriteArrayList<>();
            RunningCommand command =
                    ssh.execStreaming(
                            List.of("sh", "-c", "echo started; sleep 60"),
                            lines::add,
                            LineListener.ignore());
            while (lines.isEmpty()) {
                Thread.sleep(20);
            }
            proxy.freeze();
            assertThatThrownBy(command::waitFor)
                    .isInstanceOf(SshException.ConnectionLost.class)
                    .hasMessageContaining("connection lost to alice@127.0.0.1:" + proxy.port())
                    .hasMessageContaining("sleep 60");
            assertThat(ssh.isConnected()).isFalse();
            assertThatThrownBy(() -> ssh.exec(List.of("true")))
                    .isInstanceOf(SshException.ConnectionLost.class);
        }
    }

    @Test
    void aStoppedServerEndsARunningCommandWithConnectionLost() throws Exception {
        try (SshSession ssh = connect(server.port())) {
            List<String> lines = new CopyOnWriteArrayList<>();
            RunningCommand command =
                    ssh.execStreaming(
                            List.of("sh", "-c", "echo started; sleep 60"),
                            lines::add,
                            LineListener.ignore());
            while (lines.isEmpty()) {
                Thread.sleep(20);
            }
            server.close();
            assertThatThrownBy(command::waitFor).isInstanceOf(SshException.ConnectionLost.class);
            assertThatThrownBy(() -> ssh.readFrom("x", 0, 1))
                    .isInstanceOf(SshException.ConnectionLost.class);
        }
    }
}
