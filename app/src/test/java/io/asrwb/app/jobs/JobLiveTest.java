package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.training.Metric;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

/** A batch of event lines lands in the charts as one change per series, whatever its size. */
class JobLiveTest {

    @Test
    void aBatchOfLinesIsOneChangePerSeriesAndTornLinesAreSkipped() {
        JobLive live = new JobLive("j1");
        AtomicInteger lossChanges = new AtomicInteger();
        live.series()
                .points(Metric.TRAIN_LOSS)
                .addListener((ListChangeListener<Object>) c -> lossChanges.incrementAndGet());
        List<JobLive.Line> lines = new ArrayList<>();
        lines.add(JobLive.Line.read("{\"type\":\"started\",\"step\":0}", Instant.EPOCH));
        for (int step = 1; step <= 200; step++) {
            lines.add(
                    JobLive.Line.read(
                            "{\"type\":\"step\",\"step\":"
                                    + step
                                    + ",\"loss\":"
                                    + (300.0 / step)
                                    + ",\"lr\":0.001,\"seconds\":0.1,\"audioSecondsPerSecond\":5.0}",
                            Instant.EPOCH));
        }
        lines.add(
                JobLive.Line.read(
                        "{\"type\":\"eval\",\"step\":200,\"loss\":2.5,\"wer\":0.8,"
                                + "\"cer\":null}",
                        Instant.EPOCH));
        lines.add(JobLive.Line.read("{\"type\":\"step\",\"st", Instant.EPOCH)); // cut off by a kill

        boolean ended = live.fold(lines, "box");

        assertThat(ended).isFalse();
        assertThat(lossChanges).hasValue(1);
        assertThat(live.series().points(Metric.TRAIN_LOSS)).hasSize(200);
        assertThat(live.series().points(Metric.WER))
                .singleElement()
                .satisfies(p -> assertThat(p.value()).isEqualTo(0.8));
        assertThat(live.series().points(Metric.CER))
                .as("a null (non-finite) value is no point")
                .isEmpty();
        assertThat(live.step()).isEqualTo(200);

        assertThat(
                        live.fold(
                                List.of(
                                        JobLive.Line.read(
                                                "{\"type\":\"finished\",\"step\":200,\"reason\":\"max_steps\"}",
                                                Instant.EPOCH)),
                                "box"))
                .isTrue();
    }
}
