package io.asrwb.remote.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.shell.ProcessShellFactory;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * A real SSH server for tests: Apache MINA SSHD on a random 127.0.0.1 port, an ed25519 host key,
 * public-key auth for one user, commands run by {@code /bin/sh -c} in that user's home folder
 * (under the test's temp dir), and SFTP rooted at that home folder.
 */
public final class TestSshServer implements AutoCloseable {

    public static final String USER = "alice";

    private final SshServer server;
    private final KeyPair hostKey;
    private final Path home;
    private final List<PublicKey> authorizedKeys;

    private TestSshServer(
            SshServer server, KeyPair hostKey, Path home, List<PublicKey> authorizedKeys) {
        this.server = server;
        this.hostKey = hostKey;
        this.home = home;
        this.authorizedKeys = authorizedKeys;
    }

    public static KeyPair newEd25519() {
        try {
            return KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("ed25519 needs BouncyCastle on the test class path", e);
        }
    }

    /** A server with a fresh host key on a random port. */
    public static TestSshServer start(Path root, PublicKey userKey) {
        return start(root, newEd25519(), 0, userKey);
    }

    /** A server with the given host key, on {@code port} (0 for any free one). */
    public static TestSshServer start(Path root, KeyPair hostKey, int port, PublicKey userKey) {
        try {
            Path home = root.resolve("home").resolve(USER);
            Files.createDirectories(home);
            List<PublicKey> authorized = new CopyOnWriteArrayList<>(List.of(userKey));
            SshServer server = SshServer.setUpDefaultServer();
            server.setHost("127.0.0.1");
            server.setPort(port);
            server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
            server.setPasswordAuthenticator(null);
            server.setKeyboardInteractiveAuthenticator(null);
            server.setPublickeyAuthenticator(
                    (user, key, session) ->
                            USER.equals(user)
                                    && authorized.stream()
                                            .anyMatch(k -> KeyUtils.compareKeys(k, key)));
            String prefix =
                    "cd '"
                            + home
                            + "' && HOME='"
                            + home
                            + "' && PATH=\"$HOME/bin:$PATH\" && export HOME PATH && ";
            server.setCommandFactory(
                    (channel, command) -> new ShellCommand(prefix + command).createShell(channel));
            // SFTP sees the home folder as its root: relative paths mean the same file to SFTP and
            // to commands (absolute ones do not; tests use relative paths)
            server.setFileSystemFactory(new VirtualFileSystemFactory(home));
            server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
            server.start();
            return new TestSshServer(server, hostKey, home, authorized);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs exactly {@code /bin/sh -c SCRIPT}, as sshd runs a command through the login shell. */
    private static final class ShellCommand extends ProcessShellFactory {
        private final String script;

        ShellCommand(String script) {
            super(script, "/bin/sh", "-c", script);
            this.script = script;
        }

        @Override
        protected List<String> resolveEffectiveCommand(
                ChannelSession channel, String command, List<String> elements) {
            return List.of("/bin/sh", "-c", script);
        }
    }

    public int port() {
        return server.getPort();
    }

    public KeyPair hostKey() {
        return hostKey;
    }

    /**
     * The user's home folder: relative remote paths land here, for commands and SFTP alike; its
     * {@code bin} folder comes first on the PATH of commands (for fake tools such as nvidia-smi).
     */
    public Path home() {
        return home;
    }

    public void authorize(PublicKey key) {
        authorizedKeys.add(key);
    }

    /** Stops at once, dropping every connection. */
    @Override
    public void close() {
        try {
            server.stop(true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
