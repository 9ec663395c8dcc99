package io.asrwb.app.jobs;

/** How a node of a running job looks from its events. */
public enum LaneHealth {
    /** Heard from recently, stepping at the pace of the others. */
    OK,
    /** Its steps take much longer than the other nodes' (multi-node runs). */
    STRAGGLER,
    /** Nothing heard for far longer than a step takes: hung, or cut off. */
    SILENT,
    /** The job is not running: nothing to judge. */
    IDLE
}
