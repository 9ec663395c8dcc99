package io.asrwb.remote.hosts;

import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshSession;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/** "Test connection": logs in and reports the OS, Java, free disk and GPUs of a host. */
public final class HostChecker {

    private final SshConnector connector;

    public HostChecker(SshConnector connector) {
        this.connector = connector;
    }

    /**
     * Connects (asking about an unknown host key as usual) and reports.
     *
     * @throws io.asrwb.remote.ssh.SshException when the host cannot be reached or logged into
     */
    public HostReport testConnection(Host host) {
        try (SshSession ssh = connector.connect(host.sshTarget())) {
            return report(ssh);
        }
    }

    /** The report, over a session already open. */
    public static HostReport report(SshSession ssh) {
        List<String> notes = new ArrayList<>();

        ExecResult uname = ssh.exec(List.of("uname", "-srm"));
        String os = uname.succeeded() ? uname.stdout().strip() : "unknown";
        if (!uname.succeeded()) {
            notes.add("uname failed (" + uname.exitStatus() + "): " + uname.stderr().strip());
        }

        ExecResult java = ssh.exec(List.of("java", "-version"));
        String javaVersion =
                java.exitStatus() == GpuProbe.NOT_FOUND
                        ? null
                        : HostReportParser.javaVersion(java.stderr() + java.stdout());
        if (javaVersion == null && java.exitStatus() != GpuProbe.NOT_FOUND) {
            notes.add("java -version said: " + (java.stderr() + java.stdout()).strip());
        }

        // $HOME expanded by the remote shell on purpose: the argument is a fixed script, no user
        // data
        ExecResult df = ssh.exec(List.of("sh", "-c", "df -Pk \"$HOME\""));
        OptionalLong free = HostReportParser.freeBytes(df.stdout());
        if (free.isEmpty()) {
            notes.add(
                    "cannot read free disk space from df: " + (df.stdout() + df.stderr()).strip());
        }

        List<Gpu> gpus = GpuProbe.gpus(ssh, notes);
        return new HostReport(os, javaVersion, free.orElse(-1), gpus, notes);
    }
}
