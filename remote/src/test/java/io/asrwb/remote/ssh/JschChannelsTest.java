package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.Session;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Path;
import java.security.KeyPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSch answers null from {@code openChannel} when registering the channel throws (a session going
 * down under it: what made a failover test end in a NullPointerException). An unknown channel type
 * is the one way to make it answer null on demand; the answer must be a lost connection that names
 * the host, which the job follower treats as a host gone.
 */
@Timeout(30)
class JschChannelsTest {

    @TempDir Path dir;

    @Test
    void aNullChannelIsALostConnectionNamingTheHost() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        try (TestSshServer server = TestSshServer.start(dir.resolve("server"), user.getPublic())) {
            JSch jsch = new JSch();
            jsch.addIdentity(KeyLoader.load(jsch, key, PassphrasePrompt.none()), null);
            Session session = jsch.getSession(TestSshServer.USER, "127.0.0.1", server.port());
            session.setConfig("StrictHostKeyChecking", "no");
            session.connect(10_000);
            try {
                assertThat(JschChannels.exec(session, "box").isConnected()).isFalse();
                assertThatThrownBy(() -> JschChannels.open(session, "no-such-channel", "box"))
                        .isInstanceOf(SshException.ConnectionLost.class)
                        .hasMessage(
                                "connection lost to box while opening a channel (no-such-channel)");
            } finally {
                session.disconnect();
            }
        }
    }
}
