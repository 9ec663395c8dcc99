package io.asrwb.engine.train;

import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * A run ready to train: its trainer, folder and corpus, and the notes the user should read
 * (fallback split, utterances left out, a dataset changed since the checkpoint).
 */
public record PreparedRun(Trainer trainer, Path runDir, CatalogCorpus corpus, List<String> notes) {

  public PreparedRun {
    notes = List.copyOf(notes);
  }

  /**
   * Trains to the end on the calling thread while recording the run the standard way: events.jsonl
   * in the run folder (what resume reads) and the run's row and metrics in the catalog, holding
   * the folder's {@link RunLock} so others can tell the run is alive. Add other
   * listeners to {@link #trainer()} before calling.
   *
   * @return the last event, {@link TrainingEvent.RunFinished} or {@link TrainingEvent.RunFailed}
   */
  public TrainingEvent runRecorded(Catalog catalog, Clock clock) throws IOException {
    try (RunLock lock = RunLock.acquire(runDir);
        JsonLinesWriter events =
            JsonLinesWriter.appendingTo(runDir.resolve(JsonLinesWriter.EVENTS_FILE));
        Heartbeat beats = Heartbeat.start(events, clock, Heartbeat.EVERY)) {
      trainer.addListener(events);
      trainer.addListener(new CatalogMetricWriter(catalog, corpus.dataset().id(), clock));
      return trainer.run();
    }
  }
}
