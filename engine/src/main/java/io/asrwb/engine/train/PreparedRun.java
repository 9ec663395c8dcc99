package io.asrwb.engine.train;

import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * A run ready to train: its trainer, folder and corpus, the notes the user should read (fallback
 * split, utterances left out, a dataset changed since the checkpoint), and the folder's {@link
 * RunLock}, which {@link RunLauncher} took before it touched the folder and which this run holds
 * until {@link #close()}: from the moment a run is prepared, no other process can write into its
 * folder, and a refused one has changed nothing there.
 */
public final class PreparedRun implements AutoCloseable {

    private final Trainer trainer;
    private final Path runDir;
    private final CatalogCorpus corpus;
    private final List<String> notes;
    private final RunLock lock;

    PreparedRun(
            Trainer trainer, Path runDir, CatalogCorpus corpus, List<String> notes, RunLock lock) {
        this.trainer = trainer;
        this.runDir = runDir;
        this.corpus = corpus;
        this.notes = List.copyOf(notes);
        this.lock = lock;
    }

    public Trainer trainer() {
        return trainer;
    }

    public Path runDir() {
        return runDir;
    }

    public CatalogCorpus corpus() {
        return corpus;
    }

    public List<String> notes() {
        return notes;
    }

    /**
     * Trains to the end on the calling thread while recording the run the standard way: events.jsonl
     * in the run folder (what resume reads), the run's row and metrics in the catalog, and a
     * TensorBoard event file in {@code tensorboard/} ({@link TensorBoardWriter}). Add other
     * listeners to {@link #trainer()} before calling. The folder's lock stays held until {@link
     * #close()}.
     *
     * @return the last event, {@link TrainingEvent.RunFinished} or {@link TrainingEvent.RunFailed}
     */
    public TrainingEvent runRecorded(Catalog catalog, Clock clock) throws IOException {
        try (JsonLinesWriter events =
                        JsonLinesWriter.appendingTo(runDir.resolve(JsonLinesWriter.EVENTS_FILE));
                TensorBoardWriter board = TensorBoardWriter.create(runDir, clock);
                Heartbeat beats = Heartbeat.start(events, clock, Heartbeat.EVERY)) {
            // the catalog first: once a resume's `started` line is in the file, the catalog has
            // forgotten the earlier attempt's later steps too (a kill may fall between the two)
            trainer.addListener(new CatalogMetricWriter(catalog, corpus.dataset().id(), clock));
            trainer.addListener(events);
            trainer.addListener(board);
            return trainer.run();
        }
    }

    /** Lets go of the run folder's lock (after the run, or when it is not run after all). */
    @Override
    public void close() throws IOException {
        lock.close();
    }
}
