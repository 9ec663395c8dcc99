package io.asrwb.engine.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.events.EventMetrics.Point;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one fold from events to metric points, and the catalog keys runs were stored under. */
class EventMetricsTest {

    @Test
    void stepsAndEvalsYieldTheirSeriesOtherEventsNone() {
        assertThat(EventMetrics.of(new StepCompleted(7, 1, 3.5, 1e-3, 0.2, 20, 9.5)))
                .containsExactly(
                        new Point(RunMetric.TRAIN_LOSS, 7, 3.5),
                                new Point(RunMetric.LEARNING_RATE, 7, 1e-3),
                        new Point(RunMetric.UTTERANCES_PER_SECOND, 7, 20),
                                new Point(RunMetric.THROUGHPUT, 7, 9.5));
        assertThat(EventMetrics.of(new StepCompleted(7, 1, 3.5, 1e-3, 0.2, 20, 9.5, 0.25)))
                .as("a step with a gradient norm")
                .containsExactly(
                        new Point(RunMetric.TRAIN_LOSS, 7, 3.5),
                        new Point(RunMetric.LEARNING_RATE, 7, 1e-3),
                        new Point(RunMetric.GRADIENT_NORM, 7, 0.25),
                        new Point(RunMetric.UTTERANCES_PER_SECOND, 7, 20),
                        new Point(RunMetric.THROUGHPUT, 7, 9.5));
        assertThat(EventMetrics.of(new EvalCompleted(8, 40, 0.5, Double.NaN, List.of())))
                .containsExactly(
                        new Point(RunMetric.VAL_LOSS, 8, 40),
                        new Point(RunMetric.WER, 8, 0.5),
                        new Point(RunMetric.CER, 8, Double.NaN));
        for (TrainingEvent e : EventCodecTest.oneOfEachType()) {
            if (!(e instanceof StepCompleted || e instanceof EvalCompleted)) {
                assertThat(EventMetrics.of(e)).as(EventCodec.typeOf(e)).isEmpty();
            }
        }
    }

    @Test
    void theCatalogKeysAreTheOnesEarlierRunsWereStoredUnder() {
        assertThat(List.of(RunMetric.values()))
                .extracting(RunMetric::key)
                .containsExactly(
                        "loss",
                        "lr",
                        "grad_norm",
                        "utterances_per_s",
                        "audio_s_per_s",
                        "eval_loss",
                        "wer",
                        "cer");
    }
}
