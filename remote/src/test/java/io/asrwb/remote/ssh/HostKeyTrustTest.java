package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** First contact asks, saving makes the next contact silent, a changed key is refused loudly. */
class HostKeyTrustTest {

    @TempDir Path dir;
    TestSshServer server;
    Path key;
    Path knownHosts;
    final List<UnknownHostKey> asked = new ArrayList<>();

    @BeforeEach
    void start() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        key = TestKeys.write(user, dir.resolve("id"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        knownHosts = dir.resolve("data/known_hosts");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    SshSession connect(HostKeyDecision decision, boolean hashed) {
        HostKeyPrompt prompt =
                k -> {
                    asked.add(k);
                    return decision;
                };
        return new SshConnector(
                        new KnownHostsFile(knownHosts, hashed),
                        prompt,
                        PassphrasePrompt.none(),
                        SshOptions.DEFAULTS)
                .connect(
                        new SshTarget(
                                "127.0.0.1",
                                server.port(),
                                TestSshServer.USER,
                                new SshAuth.KeyFile(key)));
    }

    @Test
    void anUnknownKeyIsShownSavedAndThenKnown() throws Exception {
        try (SshSession ssh = connect(HostKeyDecision.TRUST_AND_SAVE, false)) {
            assertThat(ssh.exec(List.of("true")).exitStatus()).isZero();
        }
        assertThat(asked).hasSize(1);
        UnknownHostKey shown = asked.get(0);
        assertThat(shown.hostEntry()).isEqualTo("[127.0.0.1]:" + server.port());
        assertThat(shown.keyType()).isEqualTo("ssh-ed25519");
        // the same fingerprint an independent implementation (MINA's, like ssh-keygen -l) computes
        assertThat(shown.fingerprint())
                .isEqualTo(KeyUtils.getFingerPrint(server.hostKey().getPublic()));
        assertThat(Files.readString(knownHosts))
                .startsWith("[127.0.0.1]:" + server.port() + " ssh-ed25519 AAAA");

        try (SshSession again = connect(HostKeyDecision.REJECT, false)) {
            assertThat(again.isConnected()).isTrue();
        }
        assertThat(asked).hasSize(1);
    }

    @Test
    void aHashedEntryIsKnownToo() throws Exception {
        try (SshSession ssh = connect(HostKeyDecision.TRUST_AND_SAVE, true)) {
            assertThat(ssh.isConnected()).isTrue();
        }
        assertThat(Files.readString(knownHosts)).startsWith("|1|").doesNotContain("127.0.0.1");
        try (SshSession again = connect(HostKeyDecision.REJECT, true)) {
            assertThat(again.isConnected()).isTrue();
        }
        assertThat(asked).hasSize(1);
    }

    @Test
    void trustOnceSavesNothingAndRejectRefuses() {
        try (SshSession ssh = connect(HostKeyDecision.TRUST_ONCE, false)) {
            assertThat(ssh.isConnected()).isTrue();
        }
        assertThat(knownHosts).doesNotExist();
        assertThatThrownBy(() -> connect(HostKeyDecision.REJECT, false))
                .isInstanceOf(SshException.HostKeyRejected.class)
                .hasMessageContaining(KeyUtils.getFingerPrint(server.hostKey().getPublic()))
                .hasMessageContaining("not trusted");
        assertThat(asked).hasSize(2);
    }

    @Test
    void aChangedKeyIsRefusedWithBothFingerprintsAndTheLineToRemove() throws Exception {
        KeyPair impostor = TestSshServer.newEd25519();
        String entry = "[127.0.0.1]:" + server.port();
        String savedLine = entry + " " + PublicKeyEntry.toString(impostor.getPublic());
        Files.createDirectories(knownHosts.getParent());
        Files.writeString(
                knownHosts,
                "# first line\nother.example ssh-ed25519 "
                        + Base64.getEncoder().encodeToString(new byte[] {0, 0, 0, 1, 'x'})
                        + "\n"
                        + savedLine
                        + "\n");

        assertThatThrownBy(() -> connect(HostKeyDecision.TRUST_AND_SAVE, false))
                .isInstanceOf(SshException.HostKeyChanged.class)
                .hasMessageContaining("HAS CHANGED")
                .hasMessageContaining(entry)
                .hasMessageContaining(
                        "Expected (saved) ssh-ed25519 key: "
                                + KeyUtils.getFingerPrint(impostor.getPublic()))
                .hasMessageContaining(
                        "Presented ssh-ed25519 key:      "
                                + KeyUtils.getFingerPrint(server.hostKey().getPublic()))
                .hasMessageContaining("line 3 of " + knownHosts)
                .hasMessageContaining(savedLine.strip());
        assertThat(asked).as("a changed key is never offered for trust").isEmpty();
    }

    @Test
    void aRestartedServerWithANewKeyOnTheSamePortIsRefused() {
        try (SshSession ssh = connect(HostKeyDecision.TRUST_AND_SAVE, false)) {
            assertThat(ssh.isConnected()).isTrue();
        }
        int port = server.port();
        server.close();
        server =
                TestSshServer.start(
                        dir.resolve("server2"), TestSshServer.newEd25519(), port, readPublicKey());
        assertThatThrownBy(() -> connect(HostKeyDecision.TRUST_AND_SAVE, false))
                .isInstanceOf(SshException.HostKeyChanged.class);
    }

    private java.security.PublicKey readPublicKey() {
        try {
            return PublicKeyEntry.parsePublicKeyEntry(
                            Files.readString(dir.resolve("id.pub")).strip())
                    .resolvePublicKey(null, null, null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
