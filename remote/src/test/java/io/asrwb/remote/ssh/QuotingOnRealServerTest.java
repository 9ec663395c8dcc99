package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hostile names reach the remote program literally and run nothing (real /bin/sh). */
class QuotingOnRealServerTest {

    @TempDir static Path dir;
    static TestSshServer server;
    static SshSession ssh;

    @BeforeAll
    static void connect() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        ssh =
                new SshConnector(
                                new KnownHostsFile(dir.resolve("known_hosts"), false),
                                k -> HostKeyDecision.TRUST_ONCE,
                                PassphrasePrompt.none(),
                                SshOptions.DEFAULTS)
                        .connect(
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

    @ParameterizedTest
    @ValueSource(
            strings = {
                "x; touch SENTINEL",
                "x && touch SENTINEL",
                "$(touch SENTINEL)",
                "`touch SENTINEL`",
                "x\ntouch SENTINEL",
                "it's a 'quoted' \"name\"; touch SENTINEL",
                "a  b\tc | touch SENTINEL",
                "x'; touch SENTINEL; echo '",
                "$HOME ${PATH} * ? [a] ~ !! #",
                "",
                "-n"
            })
    void aHostileArgumentIsEchoedBackLiterallyAndRunsNothing(String name) {
        ExecResult r = ssh.exec(List.of("printf", "%s", name));
        assertThat(r.exitStatus()).isZero();
        assertThat(r.stdout()).isEqualTo(name.isEmpty() ? "" : name.replace("\r", "") + "\n");
        assertThat(server.home().resolve("SENTINEL")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"x; rm -rf ~", "run $(id)", "a b"})
    void aHostileNameWorksAsAFileName(String name) {
        assertThat(ssh.exec(List.of("mkdir", "-p", "datasets/" + name)).exitStatus()).isZero();
        assertThat(server.home().resolve("datasets").resolve(name)).isDirectory();
        assertThat(ssh.exec(List.of("ls", "datasets")).stdout()).contains(name);
        assertThat(server.home().resolve("SENTINEL")).doesNotExist();
    }
}
