package io.asrwb.remote.ssh;

import java.nio.file.Path;

/**
 * Asks for the passphrase of an encrypted private key. The returned array is wiped (filled with
 * zeros) as soon as the key is unlocked, so the passphrase never lingers in memory as a String.
 */
@FunctionalInterface
public interface PassphrasePrompt {

    /**
     * @param keyFile the key being unlocked
     * @param attempt 1 for the first ask, 2 and up after a wrong passphrase
     * @return the passphrase, or null when the user cancels
     */
    char[] passphraseFor(Path keyFile, int attempt);

    /** For keys without a passphrase: asking is a failure. */
    static PassphrasePrompt none() {
        return (keyFile, attempt) -> null;
    }
}
