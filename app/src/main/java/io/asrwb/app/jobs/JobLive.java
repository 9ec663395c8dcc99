package io.asrwb.app.jobs;

import io.asrwb.app.training.ChartFeed;
import io.asrwb.app.training.RunSeries;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.TrainingEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** What the app has of one job's events: its chart series, its node lanes, the step reached. */
final class JobLive {

    /**
     * One delivered line, as the follower's codec read it; {@code event} null for a line that is no
     * event (one cut off by a crash in the local mirror), {@code receivedAt} null for a line replayed
     * from the mirror.
     */
    record Line(EventLine event, Instant receivedAt) {

        /** A line of text, read by the engine's codec (the mirror's lines, kept verbatim). */
        static Line read(String text, Instant receivedAt) {
            return new Line(EventCodec.decode(text).orElse(null), receivedAt);
        }
    }

    private final ChartFeed feed;
    private final NodeLanes lanes = new NodeLanes();

    JobLive(String jobId) {
        feed = new ChartFeed(new RunSeries(jobId, jobId, true), -1);
    }

    RunSeries series() {
        return feed.series();
    }

    NodeLanes lanes() {
        return lanes;
    }

    /**
     * The step reached: the last any event reported, set back to a resume's step when it starts; -1
     * before the first.
     */
    long step() {
        return feed.step();
    }

    /**
     * Folds a batch of lines in, one change per chart series (call on the FX thread).
     *
     * @return true when one of them ended the run
     */
    boolean fold(List<Line> lines, String host) {
        List<EventLine> events = new ArrayList<>(lines.size());
        boolean ended = false;
        for (Line line : lines) {
            if (line.event() == null) {
                continue;
            }
            events.add(line.event());
            lanes.record(line.event(), host, line.receivedAt());
            ended |=
                    line.event() instanceof EventLine.Training t
                            && TrainingEvent.endsRun(t.event());
        }
        feed.fold(events);
        return ended;
    }
}
