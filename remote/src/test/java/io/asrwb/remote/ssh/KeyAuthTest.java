package io.asrwb.remote.ssh;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Key files of each type, passphrases through the prompt, refusals that say what to do. */
class KeyAuthTest {

    @TempDir Path dir;
    TestSshServer server;

    @BeforeEach
    void start() {
        server = TestSshServer.start(dir.resolve("server"), TestSshServer.newEd25519().getPublic());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    SshSession connect(SshAuth auth, PassphrasePrompt prompt) {
        return new SshConnector(
                        new KnownHostsFile(dir.resolve("known_hosts"), false),
                        k -> HostKeyDecision.TRUST_AND_SAVE,
                        prompt,
                        SshOptions.DEFAULTS)
                .connect(new SshTarget("127.0.0.1", server.port(), TestSshServer.USER, auth));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ssh-ed25519", "ecdsa-sha2-nistp256", "ssh-rsa"})
    void eachKeyTypeLogsIn(String type) {
        KeyPair user = TestKeys.generate(type);
        server.authorize(user.getPublic());
        Path key = TestKeys.write(user, dir.resolve("id_" + type), null);
        try (SshSession ssh = connect(new SshAuth.KeyFile(key), PassphrasePrompt.none())) {
            assertThat(ssh.exec(List.of("echo", type)).stdout()).isEqualTo(type + "\n");
        }
    }

    @Test
    void aPassphraseIsAskedUsedAndWiped() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        server.authorize(user.getPublic());
        Path key = TestKeys.write(user, dir.resolve("id_locked"), "correct horse");
        List<char[]> given = new ArrayList<>();
        PassphrasePrompt prompt =
                (file, attempt) -> {
                    assertThat(file).isEqualTo(key);
                    char[] p = (attempt == 1 ? "wrong" : "correct horse").toCharArray();
                    given.add(p);
                    return p;
                };
        try (SshSession ssh = connect(new SshAuth.KeyFile(key), prompt)) {
            assertThat(ssh.exec(List.of("true")).exitStatus()).isZero();
        }
        assertThat(given).hasSize(2);
        assertThat(given).allSatisfy(p -> assertThat(p).containsOnly('\0'));
    }

    @Test
    void aWrongPassphraseGivesAClearError() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        server.authorize(user.getPublic());
        Path key = TestKeys.write(user, dir.resolve("id_locked"), "right");
        List<Integer> attempts = new ArrayList<>();
        assertThatThrownBy(
                        () ->
                                connect(
                                        new SshAuth.KeyFile(key),
                                        (file, attempt) -> {
                                            attempts.add(attempt);
                                            return "wrong".toCharArray();
                                        }))
                .isInstanceOf(SshException.AuthFailed.class)
                .hasMessageContaining("wrong passphrase")
                .hasMessageContaining(key.toString());
        assertThat(attempts).containsExactly(1, 2, 3);

        assertThatThrownBy(() -> connect(new SshAuth.KeyFile(key), PassphrasePrompt.none()))
                .isInstanceOf(SshException.AuthFailed.class)
                .hasMessageContaining("none was given");
    }

    @Test
    void aKeyTheServerDoesNotKnowIsRefusedWithAHint() {
        Path key = TestKeys.write(TestKeys.generate("ssh-ed25519"), dir.resolve("id_other"), null);
        assertThatThrownBy(() -> connect(new SshAuth.KeyFile(key), PassphrasePrompt.none()))
                .isInstanceOf(SshException.AuthFailed.class)
                .hasMessageContaining("refused the key " + key)
                .hasMessageContaining("authorized_keys");
    }

    @Test
    void aMissingKeyFileIsNamed() {
        Path key = dir.resolve("no_such_key");
        assertThatThrownBy(() -> connect(new SshAuth.KeyFile(key), PassphrasePrompt.none()))
                .isInstanceOf(SshException.AuthFailed.class)
                .hasMessageContaining(key.toString());
    }

    @Test
    void anSshAgentsKeyLogsIn() throws Exception {
        Path agentBinary = Path.of("/usr/bin/ssh-agent");
        assumeThat(
                        Files.isExecutable(agentBinary)
                                && Files.isExecutable(Path.of("/usr/bin/ssh-add")))
                .as("OpenSSH's ssh-agent is installed")
                .isTrue();
        KeyPair user = TestKeys.generate("ssh-ed25519");
        server.authorize(user.getPublic());
        Path key = TestKeys.write(user, dir.resolve("id_agent"), null);
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path socket = dir.resolve("agent.sock");
        Process agent =
                new ProcessBuilder(agentBinary.toString(), "-D", "-a", socket.toString())
                        .redirectErrorStream(true)
                        .start();
        try {
            for (int i = 0; i < 100 && !Files.exists(socket); i++) {
                Thread.sleep(20);
            }
            ProcessBuilder add =
                    new ProcessBuilder("/usr/bin/ssh-add", key.toString())
                            .redirectErrorStream(true);
            add.environment().put("SSH_AUTH_SOCK", socket.toString());
            Process adding = add.start();
            assertThat(adding.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(adding.exitValue())
                    .as(new String(adding.getInputStream().readAllBytes(), UTF_8))
                    .isZero();
            try (SshSession ssh = connect(new SshAuth.Agent(socket), PassphrasePrompt.none())) {
                assertThat(ssh.exec(List.of("echo", "agent")).stdout()).isEqualTo("agent\n");
            }
        } finally {
            agent.destroy();
            agent.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
