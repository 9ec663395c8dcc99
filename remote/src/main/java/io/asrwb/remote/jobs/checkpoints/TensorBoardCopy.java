package io.asrwb.remote.jobs.checkpoints;

import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.tensorboard.EventFileWriter;
import io.asrwb.engine.train.TensorBoardWriter;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies a job's TensorBoard event files ({@code run/tensorboard/}) into the local run folder's
 * {@code tensorboard/}, so that {@code tensorboard --logdir} shows a fetched run beside local ones.
 * A running job's files are copied as far as they are written (TensorBoard reads them up to their
 * last complete record); fetching again copies them anew. Each arrives under a name TensorBoard
 * does not read, then is renamed over the older copy. A job whose engine wrote none copies none.
 */
final class TensorBoardCopy {

    private TensorBoardCopy() {}

    /** Returns the names of the files copied. */
    static List<String> copy(SshSession ssh, JobId id, Path outDir) throws IOException {
        String remote = RemoteLayout.run(id) + "/" + TensorBoardWriter.DIRECTORY;
        ExecResult listed =
                ssh.exec(List.of("sh", "-c", "cd \"$1\" 2>/dev/null && ls -1A", "sh", remote));
        List<String> copied = new ArrayList<>();
        if (!listed.succeeded()) {
            return copied; // no such folder
        }
        Path local = outDir.resolve(TensorBoardWriter.DIRECTORY);
        for (String name : listed.stdout().split("\n")) {
            if (!name.startsWith(EventFileWriter.PREFIX) || name.contains("/")) {
                continue;
            }
            OwnerOnly.createDirectories(local);
            Path partial = local.resolve(CheckpointFetcher.PARTIAL_PREFIX + "tensorboard");
            ssh.download(remote + "/" + name, partial, TransferListener.ignore());
            AtomicWrite.commit(partial, local.resolve(name));
            copied.add(name);
        }
        return copied;
    }
}
