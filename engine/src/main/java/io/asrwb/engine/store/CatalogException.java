package io.asrwb.engine.store;

/**
 * A catalog operation that cannot go on, with a message a user can act on. Subclasses say why, so
 * the CLI can map them to exit codes.
 */
public class CatalogException extends RuntimeException {

    public CatalogException(String message) {
        super(message);
    }

    public CatalogException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Another process has the catalog in a way this one cannot work beside: it does not share it
     * (an older ASR Workbench), it must close before the schema can be upgraded, or it has been
     * opening it for too long.
     */
    public static final class InUse extends CatalogException {
        public InUse(String message) {
            super(message);
        }
    }

    /** The catalog was written by a newer ASR Workbench. */
    public static final class SchemaTooNew extends CatalogException {
        public SchemaTooNew(String message) {
            super(message);
        }
    }

    /** A dataset name that does not exist, or one that already does. */
    public static final class DatasetName extends CatalogException {
        public DatasetName(String message) {
            super(message);
        }
    }

    /** The catalog's disk is full: what was being written was rolled back. */
    public static final class NoSpace extends CatalogException {
        public NoSpace(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
