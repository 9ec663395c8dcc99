package io.asrwb.engine.cli;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.CatalogCorpus;
import io.asrwb.engine.train.CatalogMetricWriter;
import io.asrwb.engine.train.JsonLinesWriter;
import io.asrwb.engine.train.RunAlphabet;
import io.asrwb.engine.train.Trainer;
import io.asrwb.engine.train.TrainingEvent;
import io.asrwb.engine.train.TrainingEvent.RunFailed;
import io.asrwb.engine.train.TrainingInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What {@code train} and {@code resume} share: loading the corpus, wiring the listeners
 * (events.jsonl, stdout, the catalog) and running the trainer with Ctrl-C as a clean stop.
 */
final class TrainingSession {

  private static final long STOP_WAIT_SECONDS = 120;

  private TrainingSession() {}

  static CatalogCorpus corpus(Catalog catalog, RunConfig config, RunAlphabet alphabet, CliOutput out) {
    CatalogCorpus corpus =
        CatalogCorpus.load(
            catalog,
            config.data().dataset(),
            config.data(),
            alphabet,
            alphabet.normaliser(config.normaliser()));
    corpus.notes().forEach(note -> out.note(note));
    if (corpus.train().isEmpty()) {
      throw new CommandFailedException(
          "dataset " + config.data().dataset() + " has no utterances in the splits "
              + config.data().trainSplits() + " to train on (data.train_splits)");
    }
    return corpus;
  }

  static TrainingInputs inputs(RunConfig config, Path runDir, RunAlphabet alphabet, CatalogCorpus corpus) {
    return new TrainingInputs(
        config, runDir, alphabet, corpus.train(), corpus.validation(), corpus.manifestHash());
  }

  /** Runs {@code trainer} to its end; returns the CLI exit code. */
  static int run(Trainer trainer, Path runDir, Catalog catalog, CatalogCorpus corpus, CliOutput out)
      throws IOException {
    try (JsonLinesWriter events =
        JsonLinesWriter.appendingTo(runDir.resolve(JsonLinesWriter.EVENTS_FILE))) {
      trainer.addListener(events);
      trainer.addListener(new CatalogMetricWriter(catalog, corpus.dataset().id(), Clock.systemUTC()));
      JsonLinesWriter porcelain = out.porcelain() ? JsonLinesWriter.to(out.writer()) : null;
      trainer.addListener(porcelain != null ? porcelain : new HumanProgress(out));
      CountDownLatch ended = new CountDownLatch(1);
      Thread stopOnSignal =
          new Thread(
              () -> {
                trainer.stop();
                try {
                  ended.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              },
              "asrwb-stop-training");
      Runtime.getRuntime().addShutdownHook(stopOnSignal);
      TrainingEvent end;
      try {
        end = trainer.run();
      } finally {
        ended.countDown();
      }
      try {
        Runtime.getRuntime().removeShutdownHook(stopOnSignal);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it waited for us
      }
      if (end instanceof RunFailed failed) {
        out.human("asrwb: " + failed.message());
        return ExitCodes.FAILED;
      }
      return ExitCodes.OK;
    }
  }
}
