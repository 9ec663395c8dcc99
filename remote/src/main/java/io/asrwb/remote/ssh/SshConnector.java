package io.asrwb.remote.ssh;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.SSHAgentConnector;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.UnixDomainSocketFactory;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens {@link SshSession}s with JSch: public-key authentication only (key file or ssh-agent),
 * strict host-key checking against the app's known_hosts, and keep-alives so a dead link is
 * noticed. {@code StrictHostKeyChecking} is always {@code yes}; unknown keys go to the
 * {@link HostKeyPrompt}, never silently in.
 */
public final class SshConnector {

    private static final Logger LOG = LoggerFactory.getLogger(SshConnector.class);

    private final KnownHostsFile knownHosts;
    private final HostKeyPrompt hostKeyPrompt;
    private final PassphrasePrompt passphrasePrompt;
    private final SshOptions options;

    public SshConnector(
            KnownHostsFile knownHosts,
            HostKeyPrompt hostKeyPrompt,
            PassphrasePrompt passphrasePrompt,
            SshOptions options) {
        this.knownHosts = knownHosts;
        this.hostKeyPrompt = hostKeyPrompt;
        this.passphrasePrompt = passphrasePrompt;
        this.options = options;
    }

    /**
     * Connects and authenticates.
     *
     * @throws SshException.HostKeyChanged when the server's key differs from the saved one
     * @throws SshException.HostKeyRejected when the key is new and was not trusted
     * @throws SshException.AuthFailed when the key cannot be loaded or the server refuses it
     * @throws SshException.ConnectFailed when the host cannot be reached
     */
    public SshSession connect(SshTarget target) {
        // one JSch per connection: identities and the host-key verifier belong to this target alone
        JSch jsch = new JSch();
        jsch.setInstanceLogger(new JschLog());
        HostKeyVerifier verifier =
                new HostKeyVerifier(knownHosts, hostKeyPrompt, target.hostEntry());
        jsch.setHostKeyRepository(verifier);
        addIdentities(jsch, target);
        Session session;
        try {
            session = jsch.getSession(target.user(), target.address(), target.port());
        } catch (JSchException e) {
            throw new SshException.ConnectFailed(
                    "cannot set up a session to " + target.label() + ": " + e.getMessage(), e);
        }
        session.setConfig("StrictHostKeyChecking", "yes");
        session.setConfig("PreferredAuthentications", "publickey");
        session.setConfig("prefer_known_host_key_types", "yes");
        try {
            session.setServerAliveInterval((int) options.aliveInterval().toMillis());
            session.setServerAliveCountMax(options.aliveCountMax());
            session.connect((int) options.connectTimeout().toMillis());
        } catch (JSchException e) {
            session.disconnect();
            throw classify(target, verifier, e);
        }
        LOG.info("connected to {}", target.label());
        return new JschSshSession(target.label(), session, options);
    }

    private void addIdentities(JSch jsch, SshTarget target) {
        try {
            if (target.auth() instanceof SshAuth.KeyFile k) {
                jsch.addIdentity(KeyLoader.load(jsch, k.privateKey(), passphrasePrompt), null);
            } else if (target.auth() instanceof SshAuth.Agent a) {
                jsch.setIdentityRepository(
                        new AgentIdentityRepository(
                                a.socket() == null
                                        ? new SSHAgentConnector(new UnixDomainSocketFactory())
                                        : new SSHAgentConnector(
                                                new UnixDomainSocketFactory(), a.socket())));
            }
        } catch (AgentProxyException e) {
            throw new SshException.AuthFailed(
                    "no ssh-agent for "
                            + target.label()
                            + ": "
                            + e.getMessage()
                            + "; start one and set SSH_AUTH_SOCK, or give the host a key file",
                    e);
        } catch (JSchException e) {
            throw new SshException.AuthFailed(
                    "cannot use the key for " + target.label() + ": " + e.getMessage(), e);
        }
    }

    private SshException classify(SshTarget target, HostKeyVerifier verifier, JSchException e) {
        if (verifier.refusal() != null) {
            return verifier.refusal();
        }
        String message = String.valueOf(e.getMessage());
        String lower = message.toLowerCase(Locale.ROOT);
        if (lower.contains("auth fail") || lower.contains("auth cancel")) {
            String key =
                    target.auth() instanceof SshAuth.KeyFile k
                            ? "the key " + k.privateKey()
                            : "the ssh-agent's keys";
            return new SshException.AuthFailed(
                    target.label()
                            + " refused "
                            + key
                            + "; add the public key to ~/.ssh/authorized_keys of "
                            + target.user()
                            + " there",
                    e);
        }
        return new SshException.ConnectFailed(
                "cannot connect to "
                        + target.label()
                        + ": "
                        + message
                        + "; check the address, the port and that sshd runs there",
                e);
    }
}
