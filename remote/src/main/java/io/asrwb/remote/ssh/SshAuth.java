package io.asrwb.remote.ssh;

import java.nio.file.Path;

/** How we prove who we are: a private key file, or the keys an ssh-agent holds. */
public sealed interface SshAuth {

    /** An OpenSSH or PEM private key (ed25519, ecdsa, rsa), maybe passphrase-protected. */
    record KeyFile(Path privateKey) implements SshAuth {}

    /**
     * The running ssh-agent (OpenSSH's, through its Unix socket).
     *
     * @param socket the agent's socket, or null for {@code SSH_AUTH_SOCK}
     */
    record Agent(Path socket) implements SshAuth {}
}
