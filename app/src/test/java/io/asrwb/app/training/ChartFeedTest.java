package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.store.MetricPoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A local run's events and the same events as a remote job's lines chart the same: one feed, the
 * engine's fold, each step once across a resume.
 */
class ChartFeedTest {

    @Test
    void localEventsAndRemoteLinesOfAResumedRunChartTheSame() {
        List<TrainingEvent> events = new ArrayList<>();
        events.add(start(0));
        for (int step = 1; step <= 6; step++) {
            events.add(new StepCompleted(step, 0, 10.0 / step, 1e-3, 0.1, 8, 4));
        }
        events.add(new EvalCompleted(4, 2.5, 0.9, Double.NaN, List.of()));
        events.add(start(4)); // killed after step 6, resumed from the checkpoint at step 4
        for (int step = 5; step <= 8; step++) {
            events.add(new StepCompleted(step, 0, 100.0 + step, 1e-3, 0.1, 8, 4));
        }
        events.add(new RunFinished(8, FinishReason.MAX_STEPS));

        ChartFeed local = new ChartFeed(new RunSeries("r", "r", true), 0);
        local.foldEvents(events);
        ChartFeed remote = new ChartFeed(new RunSeries("j", "j", true), -1);
        for (TrainingEvent e : events) { // one line at a time, as a slow follower delivers them
            remote.fold(List.<EventLine>of(EventCodec.decode(EventCodec.encode(e)).orElseThrow()));
        }

        for (ChartFeed feed : List.of(local, remote)) {
            assertThat(feed.series().points(Metric.TRAIN_LOSS))
                    .extracting(MetricPoint::step)
                    .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
            assertThat(feed.series().points(Metric.TRAIN_LOSS).get(5).value())
                    .as("step 6 from the attempt that computed it last")
                    .isEqualTo(106.0);
            assertThat(feed.series().points(Metric.WER))
                    .extracting(MetricPoint::value)
                    .containsExactly(0.9);
            assertThat(feed.series().points(Metric.CER)).as("no CER: no point").isEmpty();
            assertThat(feed.series().points(Metric.THROUGHPUT))
                    .hasSize(8)
                    .allSatisfy(p -> assertThat(p.name()).isEqualTo("audio_s_per_s"));
            assertThat(feed.step()).isEqualTo(8);
        }
        for (Metric metric : Metric.values()) {
            assertThat(remote.series().points(metric))
                    .as(metric.label())
                    .isEqualTo(local.series().points(metric));
        }
    }

    private static RunStarted start(long step) {
        return new RunStarted(step, Path.of("r"), null, "CpuBackend", List.of("cpu"), 10, step > 0);
    }
}
