package io.asrwb.remote.ssh;

/** Asks the user whether to trust a host key seen for the first time (a dialog, a CLI flag). */
@FunctionalInterface
public interface HostKeyPrompt {

    HostKeyDecision decide(UnknownHostKey key);

    /** Trusts and saves only the key with this fingerprint (the CLI's {@code --trust-fingerprint}). */
    static HostKeyPrompt trustFingerprint(String fingerprint) {
        return key ->
                key.fingerprint().equals(fingerprint)
                        ? HostKeyDecision.TRUST_AND_SAVE
                        : HostKeyDecision.REJECT;
    }
}
