package io.asrwb.app.record;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.curation.AudioChecks;
import io.asrwb.engine.data.curation.CheckThresholds;
import java.util.Locale;

/**
 * What a take sounds like at a glance: clipped (more than {@link CheckThresholds#CLIPPED_RATIO} of
 * its samples at full scale, as the dataset check counts them), silent (its loudest sample below
 * {@link #SILENT_PEAK_DBFS}), too short, or fine. The message says what to do.
 */
record ClipVerdict(Kind kind, String message) {

    enum Kind {
        OK,
        TOO_SHORT,
        SILENT,
        CLIPPED
    }

    /** A take whose loudest sample is below this is silence, whatever was meant. */
    static final double SILENT_PEAK_DBFS = -40;

    /** A sample this loud counts as clipped, as the dataset check counts it. */
    static final double CLIP_LEVEL = AudioChecks.CLIP_LEVEL;

    /** Shorter than this is a slip of the key, as push-to-talk treats it. */
    static final double MIN_SECONDS = 0.3;

    static ClipVerdict of(PcmAudio clip) {
        if (clip.durationSeconds() < MIN_SECONDS) {
            return new ClipVerdict(
                    Kind.TOO_SHORT,
                    "Too short to keep: hold Space for as long as you speak, then release.");
        }
        float peak = 0;
        int clipped = 0;
        for (float v : clip.samples()) {
            float a = Math.abs(v);
            peak = Math.max(peak, a);
            if (a >= AudioChecks.CLIP_LEVEL) {
                clipped++;
            }
        }
        double ratio = clipped / (double) clip.samples().length;
        if (ratio > CheckThresholds.CLIPPED_RATIO) {
            return new ClipVerdict(
                    Kind.CLIPPED,
                    String.format(
                            Locale.ROOT,
                            "The take clipped (%.1f %% of samples at full scale): turn the input"
                                    + " down or move back, then R or hold Space to record again.",
                            100 * ratio));
        }
        double peakDb = peak > 0 ? 20 * Math.log10(peak) : Double.NEGATIVE_INFINITY;
        if (peakDb < SILENT_PEAK_DBFS) {
            return new ClipVerdict(
                    Kind.SILENT,
                    String.format(
                            Locale.ROOT,
                            "The take is silent (loudest %.0f dBFS): check the microphone and its"
                                    + " input level, then hold Space to record again.",
                            Math.max(peakDb, -120)));
        }
        return new ClipVerdict(
                Kind.OK,
                String.format(
                        Locale.ROOT,
                        "%.1f s recorded: P plays it, Enter keeps it, R records again, S skips.",
                        clip.durationSeconds()));
    }

    /** Whether Enter may keep it (a clipped take may be kept on purpose; silence may not). */
    boolean acceptable() {
        return kind == Kind.OK || kind == Kind.CLIPPED;
    }
}
