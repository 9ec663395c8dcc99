package io.asrwb.remote.ssh;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JSch's host-key check for one connection, answered from the app's known_hosts file and the
 * user's decision. JSch runs with {@code StrictHostKeyChecking=yes}, so anything but OK here ends
 * the handshake; what went wrong is kept so the connector can say it loudly.
 *
 * <p>The host name JSch passes is ignored: this verifier belongs to one target and always uses
 * its known_hosts entry ({@code [host]:port} off port 22), whatever JSch's own convention.
 */
final class HostKeyVerifier implements HostKeyRepository {

    private static final Logger LOG = LoggerFactory.getLogger(HostKeyVerifier.class);

    private final KnownHostsFile knownHosts;
    private final HostKeyPrompt prompt;
    private final String hostEntry;
    private volatile SshException refusal;

    HostKeyVerifier(KnownHostsFile knownHosts, HostKeyPrompt prompt, String hostEntry) {
        this.knownHosts = knownHosts;
        this.prompt = prompt;
        this.hostEntry = hostEntry;
    }

    /** Why the key was refused, if it was. */
    SshException refusal() {
        return refusal;
    }

    @Override
    public int check(String host, byte[] key) {
        String presented = HostKeyFingerprint.sha256(key);
        String type = HostKeyFingerprint.keyType(key);
        KnownHostsFile.Verdict verdict = knownHosts.check(hostEntry, key);
        if (verdict instanceof KnownHostsFile.Verdict.Known) {
            return OK;
        }
        if (verdict instanceof KnownHostsFile.Verdict.Changed c) {
            refusal =
                    new SshException.HostKeyChanged(
                            String.join(
                                    System.lineSeparator(),
                                    "WARNING: THE HOST KEY OF "
                                            + hostEntry
                                            + " HAS CHANGED. Connection refused.",
                                    "Someone may be intercepting the connection"
                                        + " (man-in-the-middle), or the host was reinstalled and"
                                        + " got a new key.",
                                    "Expected (saved) " + type + " key: " + c.savedFingerprint(),
                                    "Presented " + type + " key:      " + presented,
                                    "The saved key is line "
                                            + c.line()
                                            + " of "
                                            + knownHosts.path()
                                            + ":",
                                    "  " + c.savedLine(),
                                    "Only if you know why the key changed (ask the host's"
                                        + " administrator), remove that line and connect again to"
                                        + " review the new key."));
            LOG.error("{}", refusal.getMessage());
            return CHANGED;
        }
        if (verdict instanceof KnownHostsFile.Verdict.Revoked r) {
            refusal =
                    new SshException.HostKeyChanged(
                            "the "
                                    + type
                                    + " key "
                                    + presented
                                    + " of "
                                    + hostEntry
                                    + " is marked @revoked on line "
                                    + r.line()
                                    + " of "
                                    + knownHosts.path()
                                    + "; connection refused. Ask the host's administrator for its"
                                    + " current key.");
            return CHANGED;
        }
        HostKeyDecision decision = prompt.decide(new UnknownHostKey(hostEntry, type, presented));
        switch (decision) {
            case TRUST_AND_SAVE -> {
                knownHosts.add(hostEntry, key);
                LOG.info(
                        "saved the {} key {} of {} to {}",
                        type,
                        presented,
                        hostEntry,
                        knownHosts.path());
                return OK;
            }
            case TRUST_ONCE -> {
                LOG.info(
                        "trusting the {} key {} of {} for this connection only",
                        type,
                        presented,
                        hostEntry);
                return OK;
            }
            default -> {
                refusal =
                        new SshException.HostKeyRejected(
                                "the "
                                        + type
                                        + " key "
                                        + presented
                                        + " of "
                                        + hostEntry
                                        + " is not in "
                                        + knownHosts.path()
                                        + " and was not trusted; compare it"
                                        + " with `ssh-keygen -lf /etc/ssh/ssh_host_"
                                        + type.replace("ssh-", "")
                                        + "_key.pub` on the host, then connect again and trust it");
                return NOT_INCLUDED;
            }
        }
    }

    @Override
    public void add(HostKey hostkey, UserInfo ui) {
        // JSch calls this only under StrictHostKeyChecking=ask/no, which we never use
        throw new UnsupportedOperationException("host keys are saved by the verifier's own check");
    }

    @Override
    public void remove(String host, String type) {
        knownHosts.removeAll(hostEntry);
    }

    @Override
    public void remove(String host, String type, byte[] key) {
        knownHosts.removeAll(hostEntry);
    }

    @Override
    public String getKnownHostsRepositoryID() {
        return knownHosts.path().toString();
    }

    @Override
    public HostKey[] getHostKey() {
        return getHostKey(hostEntry, null);
    }

    /** Lets JSch prefer the key types we already know for this host when negotiating. */
    @Override
    public HostKey[] getHostKey(String host, String type) {
        List<HostKey> keys = new ArrayList<>();
        for (byte[] blob : knownHosts.keysFor(hostEntry)) {
            try {
                HostKey k = new HostKey(hostEntry, blob);
                if (type == null || type.equals(k.getType())) {
                    keys.add(k);
                }
            } catch (JSchException unsupportedType) {
                // a key type JSch cannot parse cannot be negotiated either
            }
        }
        return keys.toArray(new HostKey[0]);
    }
}
