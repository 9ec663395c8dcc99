package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog keeps a run, its metric series and each validation utterance's latest CER. */
class CatalogMetricWriterTest {

    private static final Clock CLOCK =
            Clock.fixed(Instant.parse("2026-03-04T05:06:07Z"), ZoneOffset.UTC);

    @TempDir Path dir;

    @Test
    void storesTheRunItsMetricsAndTheLastCerOfEveryValidationUtterance() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            List<Utterance> utterances =
                    List.of(
                            new Utterance("a", "a.wav", 1, "yes", "", Split.VAL),
                            new Utterance("b", "b.wav", 1, "no", "", Split.VAL),
                            new Utterance("c", "c.wav", 1, "stop", "", Split.VAL));
            long datasetId =
                    new CatalogImporter(catalog, TextChecks.ENGLISH, CLOCK)
                            .store(
                                    "demo",
                                    new ImportOutcome(
                                            DatasetFormat.NEMO,
                                            dir.resolve("m.json"),
                                            dir,
                                            utterances,
                                            List.of()),
                                    ImportProgress.NONE)
                            .dataset()
                            .id();
            CatalogMetricWriter writer = new CatalogMetricWriter(catalog, datasetId, CLOCK);
            Path runDir = dir.resolve("run");

            writer.on(
                    new RunStarted(
                            0,
                            runDir,
                            RunConfig.defaults(),
                            "CpuBackend",
                            List.of("cpu"),
                            10,
                            false));
            writer.on(new StepCompleted(1, 0, 9.5, 1e-3, 0.1, 10, 10));
            writer.on(new StepCompleted(2, 0, 7.25, 2e-3, 0.1, 10, 10));
            writer.on(
                    new EvalCompleted(
                            2,
                            6.0,
                            1.0,
                            0.9,
                            List.of(
                                    new UtteranceResult("a", "yes", "", 1.0),
                                    new UtteranceResult("b", "no", "no", 0.0),
                                    new UtteranceResult("c", "stop", "top", 0.25))));
            // a later evaluation replaces a's and b's CER; c keeps its last one
            writer.on(
                    new EvalCompleted(
                            4,
                            5.0,
                            0.5,
                            0.4,
                            List.of(
                                    new UtteranceResult("a", "yes", "yes", 0.0),
                                    new UtteranceResult("b", "no", "go", 0.5))));
            writer.on(new RunFinished(4, FinishReason.MAX_STEPS));

            catalog.read(
                    c -> {
                        RunRepository runs = new RunRepository(c);
                        RunRecord run =
                                runs.byRunDir(runDir.toAbsolutePath().toString()).orElseThrow();
                        assertThat(run.id()).isEqualTo(writer.runId());
                        assertThat(run.datasetId()).isEqualTo(datasetId);
                        assertThat(run.status()).isEqualTo(RunRepository.FINISHED);
                        assertThat(run.lastStep()).isEqualTo(4);
                        assertThat(run.endedAt()).isEqualTo(CLOCK.instant());
                        assertThat(run.configYaml()).contains("batch_size");
                        assertThat(runs.metric(run.id(), "loss"))
                                .containsExactly(
                                        new MetricPoint("loss", 1, 9.5),
                                        new MetricPoint("loss", 2, 7.25));
                        assertThat(runs.metric(run.id(), "cer"))
                                .containsExactly(
                                        new MetricPoint("cer", 2, 0.9),
                                        new MetricPoint("cer", 4, 0.4));
                        assertThat(runs.metric(run.id(), "wer"))
                                .extracting(MetricPoint::value)
                                .containsExactly(1.0, 0.5);

                        List<StoredUtterance> stored = new UtteranceRepository(c).of(datasetId);
                        // what the curation table does: worst first
                        List<String> worstFirst =
                                stored.stream()
                                        .sorted(
                                                Comparator.comparingDouble(StoredUtterance::lastCer)
                                                        .reversed())
                                        .map(s -> s.utterance().id())
                                        .toList();
                        assertThat(worstFirst).containsExactly("b", "c", "a");
                        assertThat(stored)
                                .extracting(StoredUtterance::lastCer)
                                .containsExactly(0.0, 0.5, 0.25);
                        return null;
                    });
        }
    }
}
