package io.asrwb.remote.cli;

import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.HostKeyPrompt;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.UnknownHostKey;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Questions for the person at the terminal: trust a host key seen for the first time, unlock a
 * key. Without a terminal (a script, CI) nothing is trusted and nothing unlocked; the message
 * says which flag to use instead.
 */
public interface Terminal {

    /** A line typed in answer to {@code question}, or null when there is nobody to ask. */
    String ask(String question);

    /** A secret typed without echo, or null when there is nobody to ask. */
    char[] askSecret(String question);

    /** The process's console (null answers when stdin/stdout are not a terminal). */
    // We run on Java 17, where console() is null exactly when there is no terminal; on 22+ a
    // console without a terminal reads end-of-input, which gives the same null answers.
    @SuppressWarnings("SystemConsoleNull")
    static Terminal system(PrintWriter err) {
        return new Terminal() {
            @Override
            public String ask(String question) {
                Console c = System.console();
                return c == null ? null : c.readLine("%s", question);
            }

            @Override
            public char[] askSecret(String question) {
                Console c = System.console();
                return c == null ? null : c.readPassword("%s", question);
            }
        };
    }

    /** Shows the fingerprint and asks, like {@code ssh} does; or trusts exactly {@code expected}. */
    static HostKeyPrompt hostKeyPrompt(Terminal terminal, PrintWriter err, String expected) {
        if (expected != null) {
            return HostKeyPrompt.trustFingerprint(expected);
        }
        return (UnknownHostKey key) -> {
            err.println(
                    "asrwb: the host "
                            + key.hostEntry()
                            + " is not known yet; its "
                            + key.keyType()
                            + " key has the fingerprint");
            err.println("  " + key.fingerprint());
            err.println(
                    "  (compare with `ssh-keygen -lf /etc/ssh/ssh_host_"
                            + key.keyType().replace("ssh-", "").replaceAll("-.*", "")
                            + "_key.pub` on the host)");
            err.flush();
            String answer = terminal.ask("Trust it and save it? [yes/no/once] ");
            if (answer == null) {
                err.println(
                        "asrwb: no terminal to ask; if the fingerprint is right, run again with"
                                + " --trust-fingerprint "
                                + key.fingerprint());
                err.flush();
                return HostKeyDecision.REJECT;
            }
            return switch (answer.strip().toLowerCase(Locale.ROOT)) {
                case "yes", "y" -> HostKeyDecision.TRUST_AND_SAVE;
                case "once" -> HostKeyDecision.TRUST_ONCE;
                default -> HostKeyDecision.REJECT;
            };
        };
    }

    static PassphrasePrompt passphrasePrompt(Terminal terminal) {
        return (keyFile, attempt) ->
                terminal.askSecret(
                        (attempt > 1 ? "Wrong passphrase. " : "")
                                + "Passphrase for "
                                + keyFile
                                + ": ");
    }
}
