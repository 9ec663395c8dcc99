package io.asrwb.remote.ssh;

/**
 * Progress of an SFTP transfer, called from the transferring thread after each chunk. To cancel,
 * interrupt that thread: the partial file stays and the next transfer resumes from it.
 */
@FunctionalInterface
public interface TransferListener {

    /**
     * @param bytesDone bytes now at the destination, counting those a resume found already there
     * @param totalBytes the file's size
     */
    void progress(long bytesDone, long totalBytes);

    static TransferListener ignore() {
        return (done, total) -> {};
    }
}
