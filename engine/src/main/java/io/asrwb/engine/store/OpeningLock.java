package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An OS file lock beside the catalog, held only while a process opens it: connecting and bringing
 * the schema up to date. It makes opening one-at-a-time across processes, so two workbenches
 * started together on a new or older catalog never apply the same migration twice, and the first
 * of them is the one that serves the catalog to the others (see {@link Catalog}).
 *
 * <p>Its file names the process holding it, so a wait that runs out can say who to look at. It
 * is not {@code catalog.lock}, the lock file of workbenches that held a catalog exclusively: such
 * an older workbench keeps that one for its whole life, and is reported by H2 instead.
 */
final class OpeningLock implements AutoCloseable {

    private static final long POLL_MS = 50;

    private final OwnedFileLock lock;

    private OpeningLock(OwnedFileLock lock) {
        this.lock = lock;
    }

    static Path lockFileOf(Path catalog) {
        return catalog.resolveSibling(catalog.getFileName() + ".opening.lock");
    }

    /**
     * Takes the lock, waiting up to {@code patience} for another process to finish opening.
     *
     * @throws CatalogException.InUse when another process is still opening it after that
     */
    static OpeningLock acquire(Path catalog, Duration patience) {
        Path file = lockFileOf(catalog);
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            try {
                return new OpeningLock(OwnedFileLock.acquire(file, Held::new));
            } catch (Held held) {
                if (System.nanoTime() - deadline > 0) {
                    throw stillOpening(catalog, held.owner, patience);
                }
                pause();
            } catch (IOException e) {
                if (DiskFull.is(e)) {
                    throw new CatalogException.NoSpace(
                            "cannot open the catalog at "
                                    + catalog
                                    + ": no space"
                                    + " left on device (its lock file "
                                    + file
                                    + " cannot be written); free space on that"
                                    + " disk and run the command again",
                            e);
                }
                throw new CatalogException(
                        "cannot lock the catalog at "
                                + catalog
                                + " ("
                                + file
                                + ": "
                                + e.getMessage()
                                + "); check that its folder is writable, or use --db PATH / "
                                + AppDirs.DB_ENV
                                + " to pick another catalog",
                        e);
            }
        }
    }

    private static CatalogException.InUse stillOpening(
            Path catalog, String owner, Duration patience) {
        String who = owner == null || owner.isBlank() ? "another process" : "pid " + owner;
        return new CatalogException.InUse(
                "the catalog at "
                        + catalog
                        + " has been opening in "
                        + who
                        + " for over "
                        + patience.toSeconds()
                        + " s (upgrading a large catalog, or hung); wait for it"
                        + " or end that process, then try again");
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CatalogException("interrupted while waiting to open the catalog", e);
        }
    }

    @Override
    public void close() throws IOException {
        lock.close();
    }

    /** The lock is taken; who has it, as its file says. */
    private static final class Held extends RuntimeException {
        private final String owner;

        Held(String owner) {
            super(null, null, false, false);
            this.owner = owner;
        }
    }
}
