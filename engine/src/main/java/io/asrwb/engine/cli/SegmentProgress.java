package io.asrwb.engine.cli;

import io.asrwb.engine.segment.SegmentListener;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Segmenting's progress for people on stderr (stdout stays the result's): the stage, how far into
 * the recording, and an ETA from the stage's own pace, at most every {@link #EVERY_NANOS} and at
 * each new stage. Cancelled from a Ctrl-C hook.
 */
final class SegmentProgress implements SegmentListener {

    private static final long EVERY_NANOS = 5_000_000_000L;

    private final CliOutput out;
    private final LongSupplier clock;
    private final AtomicBoolean cancel = new AtomicBoolean();
    private String stage = "";
    private long stageStart;
    private long lastLine;

    SegmentProgress(CliOutput out, LongSupplier nanoClock) {
        this.out = out;
        this.clock = nanoClock;
    }

    void cancel() {
        cancel.set(true);
    }

    @Override
    public boolean cancelled() {
        return cancel.get();
    }

    @Override
    public void progress(String stage, double done, double total) {
        long now = clock.getAsLong();
        if (!stage.equals(this.stage)) {
            this.stage = stage;
            stageStart = now;
            lastLine = now;
            out.note(stage + " …");
            return;
        }
        if (now - lastLine < EVERY_NANOS) {
            return;
        }
        lastLine = now;
        out.note(line(stage, done, total, (now - stageStart) / 1e9));
    }

    static String line(String stage, double done, double total, double elapsed) {
        if (total <= 0 || done <= 0) {
            return String.format(Locale.ROOT, "%s: %s of audio", stage, clock(done));
        }
        double eta = elapsed * (total - done) / done;
        return String.format(
                Locale.ROOT,
                "%s: %s of %s (%.0f %%), ETA %s",
                stage,
                clock(done),
                clock(total),
                100 * done / total,
                clock(eta));
    }

    private static String clock(double seconds) {
        long s = Math.round(Math.max(0, seconds));
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
