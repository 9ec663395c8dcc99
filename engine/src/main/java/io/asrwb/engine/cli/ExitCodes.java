package io.asrwb.engine.cli;

/** The CLI's exit statuses; scripts and the remote side branch on them. */
public final class ExitCodes {

    public static final int OK = 0;

    /** The operation ran and failed (e.g. nothing imported, export impossible). */
    public static final int FAILED = 1;

    /** Bad command line (picocli's own code). */
    public static final int USAGE = 2;

    /**
     * The catalog cannot be opened beside the process that has it: one that does not share it (an
     * older ASR Workbench), one that must close before an upgrade, or one stuck opening it.
     * Current workbenches share a catalog, so this is rare.
     */
    public static final int CATALOG_IN_USE = 3;

    /** The catalog was written by a newer ASR Workbench. */
    public static final int CATALOG_TOO_NEW = 4;

    /** No dataset by that name, or the name is taken. */
    public static final int DATASET_NAME = 5;

    /**
     * The run folder is being trained by another process (its run.lock is held); nothing in it was
     * changed.
     */
    public static final int RUN_IN_USE = 6;

    /** Cancelled (Ctrl-C). */
    public static final int CANCELLED = 130;

    /** A bug: an unexpected exception. */
    public static final int INTERNAL = 70;

    private ExitCodes() {}
}
