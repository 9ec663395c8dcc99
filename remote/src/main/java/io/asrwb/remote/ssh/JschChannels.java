package io.asrwb.remote.ssh;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;

/**
 * Opens JSch channels. {@code Session.openChannel} swallows whatever breaks while it registers a
 * channel on a session that is going down and answers null: here that null is the lost connection
 * it means, instead of a NullPointerException far from its cause.
 */
final class JschChannels {

    private JschChannels() {}

    static ChannelExec exec(Session session, String label) throws JSchException {
        return (ChannelExec) open(session, "exec", label);
    }

    static ChannelSftp sftp(Session session, String label) throws JSchException {
        return (ChannelSftp) open(session, "sftp", label);
    }

    static Channel open(Session session, String type, String label) throws JSchException {
        Channel channel = session.openChannel(type);
        if (channel == null) {
            throw new SshException.ConnectionLost(
                    "connection lost to " + label + " while opening a channel (" + type + ")",
                    null);
        }
        return channel;
    }
}
