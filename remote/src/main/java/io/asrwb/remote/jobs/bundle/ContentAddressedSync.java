package io.asrwb.remote.jobs.bundle;

import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Copies files into a content-addressed folder on a host ({@code <sha256>.<ext>} names), skipping
 * those already there. What is there is learnt with one command (a listing), not one per file:
 * a name only appears once its upload completed (uploads go through {@code .part} and a rename),
 * and after uploading, the new files' hashes are checked on the host in a few batched commands.
 */
public final class ContentAddressedSync {

    /** Names per {@code sha256sum} command: far below any ARG_MAX. */
    private static final int VERIFY_BATCH = 500;

    /** What one sync did. */
    public record Result(int files, int uploaded, long bytesUploaded) {}

    private ContentAddressedSync() {}

    /**
     * @param files addressed name ({@link ContentHash#addressedName}) to local file
     */
    public static Result sync(
            SshSession ssh,
            String remoteDir,
            Map<String, Path> files,
            String part,
            BundleProgress progress) {
        Set<String> present = list(ssh, remoteDir);
        Map<String, Path> missing = new TreeMap<>();
        files.forEach(
                (name, file) -> {
                    if (!present.contains(name)) {
                        missing.put(name, file);
                    }
                });
        long total = 0;
        Map<String, Long> sizes = new HashMap<>();
        for (Map.Entry<String, Path> e : missing.entrySet()) {
            long size = size(e.getValue());
            sizes.put(e.getKey(), size);
            total += size;
        }
        long[] done = {0};
        long grand = total;
        progress.progress(part, 0, grand);
        for (Map.Entry<String, Path> e : missing.entrySet()) {
            long before = done[0];
            ssh.upload(
                    e.getValue(),
                    remoteDir + "/" + e.getKey(),
                    (bytes, size) -> progress.progress(part, before + bytes, grand));
            done[0] = before + sizes.get(e.getKey());
        }
        verify(ssh, remoteDir, new ArrayList<>(missing.keySet()));
        progress.progress(part, grand, grand);
        return new Result(files.size(), missing.size(), total);
    }

    /** The names in the folder (created if missing). */
    static Set<String> list(SshSession ssh, String remoteDir) {
        ExecResult r =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "mkdir -p \"$1\" && cd \"$1\" && ls -1A",
                                "sh",
                                remoteDir));
        if (!r.succeeded()) {
            throw new SshException(
                    "cannot list "
                            + remoteDir
                            + " on "
                            + ssh.label()
                            + ": "
                            + r.stderr().strip()
                            + "; check the disk and permissions of the home folder there");
        }
        return Set.copyOf(r.stdout().lines().toList());
    }

    private static void verify(SshSession ssh, String remoteDir, List<String> names) {
        for (int from = 0; from < names.size(); from += VERIFY_BATCH) {
            List<String> batch = names.subList(from, Math.min(names.size(), from + VERIFY_BATCH));
            List<String> argv =
                    new ArrayList<>(
                            List.of(
                                    "sh",
                                    "-c",
                                    "cd \"$1\" && shift && sha256sum" + " -- \"$@\"",
                                    "sh",
                                    remoteDir));
            argv.addAll(batch);
            ExecResult r = ssh.exec(argv);
            Map<String, String> actual = new HashMap<>();
            r.stdout()
                    .lines()
                    .forEach(
                            line -> {
                                int gap = line.indexOf("  ");
                                if (gap == 64) {
                                    actual.put(line.substring(gap + 2), line.substring(0, 64));
                                }
                            });
            List<String> bad =
                    batch.stream()
                            .filter(n -> !n.startsWith(String.valueOf(actual.get(n))))
                            .toList();
            if (!bad.isEmpty()) {
                ssh.exec(
                        withArgs(
                                List.of(
                                        "sh",
                                        "-c",
                                        "cd \"$1\" && shift && rm -f -- \"$@\"",
                                        "sh",
                                        remoteDir),
                                bad));
                throw new SshException(
                        "the copies of "
                                + bad.size()
                                + " file(s) in "
                                + remoteDir
                                + " on "
                                + ssh.label()
                                + " do not match their SHA-256 (first: "
                                + bad.get(0)
                                + "; "
                                + r.stderr().strip()
                                + "); they were removed, submit again to resend them");
            }
        }
    }

    private static List<String> withArgs(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
