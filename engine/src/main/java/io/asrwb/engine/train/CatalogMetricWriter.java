package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.events.EventMetrics;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.events.TrainingListener;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.store.UtteranceRepository;
import java.time.Clock;
import java.util.Locale;

/**
 * Keeps a run's metrics in the catalog: a row in {@code runs}, each step's loss, learning rate and throughput
 * and each evaluation's loss, WER and CER in {@code metrics}, and every validation utterance's CER
 * as its {@code last_cer}, so curation can sort by it; an utterance the trainer flagged (behind a
 * non-finite loss) is flagged in curation with the reason. A resumed run keeps its row; the metrics
 * its earlier attempt recorded after the step it resumes from are deleted ({@link RunAttempts}).
 */
public final class CatalogMetricWriter implements TrainingListener {

    /** Begins the curation note of an utterance training flagged, before the reason. */
    public static final String FLAG_NOTE_PREFIX = "training: ";

    private final Catalog catalog;
    private final Long datasetId;
    private final Clock clock;
    private long runId = -1;

    /**
     * @param datasetId the dataset the run trains and validates on (whose utterances get their CER)
     */
    public CatalogMetricWriter(Catalog catalog, Long datasetId, Clock clock) {
        this.catalog = catalog;
        this.datasetId = datasetId;
        this.clock = clock;
    }

    /** The run's id in the catalog, -1 before the run started. */
    public long runId() {
        return runId;
    }

    @Override
    public void on(TrainingEvent event) {
        event.accept(
                new TrainingEvent.Visitor<Void>() {
                    @Override
                    public Void started(RunStarted e) {
                        begin(e);
                        return null;
                    }

                    @Override
                    public Void step(StepCompleted e) {
                        if (runId >= 0) {
                            catalog.transaction(
                                    c -> {
                                        RunRepository runs = new RunRepository(c);
                                        for (EventMetrics.Point p : EventMetrics.of(e)) {
                                            runs.putMetric(
                                                    runId, p.metric().key(), p.step(), p.value());
                                        }
                                        runs.progress(runId, e.step());
                                        return null;
                                    });
                        }
                        return null;
                    }

                    @Override
                    public Void eval(EvalCompleted e) {
                        if (runId >= 0) {
                            catalog.transaction(
                                    c -> {
                                        RunRepository runs = new RunRepository(c);
                                        for (EventMetrics.Point p : EventMetrics.of(e)) {
                                            if (p.finite()) { // no WER when nothing was validated
                                                runs.putMetric(
                                                        runId,
                                                        p.metric().key(),
                                                        p.step(),
                                                        p.value());
                                            }
                                        }
                                        if (datasetId != null) {
                                            UtteranceRepository utterances =
                                                    new UtteranceRepository(c);
                                            for (UtteranceResult u : e.utterances()) {
                                                utterances.setLastCer(datasetId, u.id(), u.cer());
                                            }
                                        }
                                        return null;
                                    });
                        }
                        return null;
                    }

                    @Override
                    public Void checkpoint(CheckpointSaved e) {
                        return null; // in events.jsonl; the catalog keeps metrics only
                    }

                    @Override
                    public Void skipped(BatchSkipped e) {
                        return null; // in events.jsonl; the catalog keeps metrics only
                    }

                    @Override
                    public Void flagged(UtteranceFlagged e) {
                        flag(e);
                        return null;
                    }

                    @Override
                    public Void failed(RunFailed e) {
                        end(RunRepository.FAILED, e.step(), e.message());
                        return null;
                    }

                    @Override
                    public Void finished(RunFinished e) {
                        end(
                                RunRepository.FINISHED,
                                e.step(),
                                e.reason().name().toLowerCase(Locale.ROOT));
                        return null;
                    }
                });
    }

    private void begin(RunStarted e) {
        String yaml = RunConfigYaml.standard().write(e.config());
        long from = RunAttempts.startsAt(e).orElseThrow();
        runId =
                catalog.transaction(
                        c -> {
                            RunRepository runs = new RunRepository(c);
                            long id =
                                    runs.begin(
                                            e.runDir().toAbsolutePath().toString(),
                                            datasetId,
                                            yaml,
                                            clock.instant());
                            // a resumed (or restarted) run's earlier attempt reported steps after
                            // `from` that
                            // this attempt computes again: each step is kept once, as this attempt
                            // reports it
                            runs.forgetAfter(id, from);
                            return id;
                        });
    }

    /**
     * The utterance flagged in the dataset's curation with the reason as its note ({@link
     * #FLAG_NOTE_PREFIX}), where the Datasets view shows flags; left out of training it is not:
     * excluding it stays the curator's decision (the transcript may be fixable).
     */
    private void flag(UtteranceFlagged e) {
        if (datasetId == null) {
            return;
        }
        catalog.transaction(
                c ->
                        new CurationRepository(c)
                                .flag(
                                        datasetId,
                                        e.utteranceId(),
                                        FLAG_NOTE_PREFIX + e.reason(),
                                        System.getProperty("user.name", ""),
                                        clock.instant()));
    }

    private void end(String status, long step, String message) {
        if (runId < 0) {
            return;
        }
        catalog.transaction(
                c -> {
                    new RunRepository(c).end(runId, status, step, message, clock.instant());
                    return null;
                });
    }
}
