package io.asrwb.remote.jobs.bundle;

/** Progress of copying a job's bundle to a host, called from the copying thread. */
@FunctionalInterface
public interface BundleProgress {

    /**
     * @param part what is being copied: {@code runtime}, {@code audio}, {@code dataset}, {@code job}
     * @param bytesDone bytes of that part now on the host (what was there already counts)
     * @param bytesTotal bytes of that part in all
     */
    void progress(String part, long bytesDone, long bytesTotal);

    /** Something the user should read before the job runs (a host's GPUs left idle, …). */
    default void warn(String message) {}

    static BundleProgress ignore() {
        return (part, done, total) -> {};
    }
}
