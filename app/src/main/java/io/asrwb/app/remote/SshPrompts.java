package io.asrwb.app.remote;

import io.asrwb.remote.ssh.HostKeyPrompt;
import io.asrwb.remote.ssh.PassphrasePrompt;
import java.util.Objects;

/**
 * The two questions an SSH connection may ask the user: trust a host key seen for the first
 * time, unlock a key. The app answers them in dialogs ({@link DialogPrompts}); tests answer them
 * with plain lambdas and record what was asked.
 */
public record SshPrompts(HostKeyPrompt hostKey, PassphrasePrompt passphrase) {

    public SshPrompts {
        Objects.requireNonNull(hostKey, "hostKey");
        Objects.requireNonNull(passphrase, "passphrase");
    }
}
