package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.CliChild;
import io.asrwb.app.training.Metric;
import io.asrwb.engine.store.MetricPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote job's charts fold the lines of a real events.jsonl in which a run SIGKILLed after its
 * checkpoint was resumed (the steps after the checkpoint written twice): each step shows once,
 * with the resumed attempt's value, whether the lines arrive in one batch or one by one.
 */
class JobLiveResumeTest {

    private static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  batch_size: 4",
                    "  max_duration_s: 0.6",
                    "  val_splits: []",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 16",
                    "optim:",
                    "  schedule:",
                    "    warmup_steps: 2",
                    "train:",
                    "  epochs: 100",
                    "  max_steps: 10",
                    "  eval_every_steps: 2",
                    "  checkpoint_every_steps: 4",
                    "");

    @TempDir Path dir;

    @Test
    void aResumedRunsLinesChartEachStepOnce() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = Files.writeString(dir.resolve("run.yaml"), CONFIG);
        CliChild.run(
                db,
                "dataset",
                "import",
                "--format",
                "nemo",
                "--name",
                "demo",
                demoManifest().toString());
        Path runDir = dir.resolve("run");
        CliChild.killAtStep(
                db,
                runDir,
                6,
                "train",
                "--config",
                config.toString(),
                "--dataset",
                "demo",
                "--out",
                runDir.toString());
        CliChild.run(db, "resume", runDir.toString());

        List<double[]> written = CliChild.rawSteps(runDir);
        assertThat(written)
                .as("the steps after the checkpoint are in events.jsonl twice")
                .hasSizeGreaterThan(10);
        Map<Long, Double> lastWritten = new TreeMap<>();
        written.forEach(s -> lastWritten.put((long) s[0], s[1]));
        List<JobLive.Line> lines =
                CliChild.lines(runDir).stream()
                        .map(text -> JobLive.Line.read(text, Instant.EPOCH))
                        .toList();

        JobLive inOneBatch = new JobLive("j1");
        assertThat(inOneBatch.fold(lines, "box")).isTrue();
        JobLive oneByOne = new JobLive("j2");
        lines.forEach(line -> oneByOne.fold(List.of(line), "box"));

        for (JobLive live : List.of(inOneBatch, oneByOne)) {
            List<MetricPoint> losses = live.series().points(Metric.TRAIN_LOSS);
            assertThat(losses)
                    .extracting(MetricPoint::step)
                    .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
            losses.forEach(
                    p ->
                            assertThat(p.value())
                                    .as("step " + p.step())
                                    .isEqualTo(lastWritten.get(p.step())));
            assertThat(live.series().points(Metric.WER))
                    .extracting(MetricPoint::step)
                    .isNotEmpty()
                    .doesNotHaveDuplicates()
                    .isSorted();
            assertThat(live.step()).isEqualTo(10);
        }
    }

    private static Path demoManifest() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path manifest = p.resolve("assets/demo-corpus/demo.jsonl");
            if (Files.isRegularFile(manifest)) {
                return manifest;
            }
        }
        throw new IllegalStateException(
                "assets/demo-corpus/demo.jsonl not found above the working dir");
    }
}
