package io.asrwb.engine.data.curation;

/** Where a measured value becomes a flag worth a curator's look (used by stats and filters). */
public final class CheckThresholds {

    /** More than 0.1 % of samples at full scale: audible distortion on speech. */
    public static final double CLIPPED_RATIO = 0.001;

    /** Over a second of silence at either end wastes training time and confuses alignment. */
    public static final double LONG_SILENCE_S = 1.0;

    /** Clips quieter than −35 dBFS RMS are likely mis-levelled or mostly noise. */
    public static final double QUIET_DBFS = -35.0;

    private CheckThresholds() {}
}
