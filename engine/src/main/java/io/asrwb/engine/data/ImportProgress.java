package io.asrwb.engine.data;

/** Progress of a long import, reported from worker threads; cancel by returning false. */
@FunctionalInterface
public interface ImportProgress {

    /** @return false to cancel the import (nothing is kept) */
    boolean report(long done, long total);

    ImportProgress NONE = (done, total) -> true;
}
