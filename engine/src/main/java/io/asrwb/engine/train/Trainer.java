package io.asrwb.engine.train;

import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.decode.GreedyCtcDecoder;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.loss.CtcRejection;
import io.asrwb.engine.train.TrainingEvent.BatchSkipped;
import io.asrwb.engine.train.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.FinishReason;
import io.asrwb.engine.train.TrainingEvent.RunFailed;
import io.asrwb.engine.train.TrainingEvent.RunFinished;
import io.asrwb.engine.train.TrainingEvent.RunStarted;
import io.asrwb.engine.train.TrainingEvent.StepCompleted;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.engine.train.checkpoint.CheckpointMetrics;
import io.asrwb.engine.train.checkpoint.CheckpointState;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.engine.train.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.train.checkpoint.ModelFingerprint;
import io.asrwb.engine.train.checkpoint.Provenance;
import io.asrwb.engine.train.checkpoint.RetentionPolicy;
import io.asrwb.engine.train.checkpoint.RngState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.factory.Nd4j;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trains a model on a run's inputs and reports every step, evaluation and checkpoint as {@link
 * TrainingEvent}s. Knows no UI and no storage beyond its checkpoints: listeners do the rest.
 *
 * <p>The run's position is (step, epoch, batch index in the epoch's plan); with the ND4J
 * generator's state and the learning rate as a function of the step, a checkpoint holds all a
 * resumed run needs to compute exactly the steps the uninterrupted run would have. {@link #run()}
 * runs on the calling thread; {@link #stop()} may be called from any other.
 */
public final class Trainer {

  private static final Logger LOG = LoggerFactory.getLogger(Trainer.class);
  private static final long FEATURE_CACHE_BYTES = 1L << 30;

  private final TrainingInputs inputs;
  private final RunConfig config;
  private final ComputationGraph graph;
  private final BatchSource batches;
  private final Validation validation;
  private final OptimizerStep optimizerStep;
  private final StepLearningRate learningRate;
  private final CheckpointStore store;
  private final List<TrainingListener> listeners = new CopyOnWriteArrayList<>();
  private final boolean resumed;
  private final EarlyStopping earlyStopping;
  private volatile boolean stopRequested;

  private long step;
  private int epoch;
  private int batchInEpoch;
  private double lastLoss = Double.NaN;
  private EvalCompleted lastEval;
  private long lastCheckpointStep = -1;

  private Trainer(
      TrainingInputs inputs,
      ComputationGraph graph,
      BatchSource batches,
      CheckpointState resumeFrom,
      EarlyStopping earlyStopping)
      throws IOException {
    this.inputs = inputs;
    this.config = inputs.config();
    this.graph = graph;
    this.batches = batches;
    this.earlyStopping = earlyStopping;
    SpeechFeatures features = new SpeechFeatures(config.features());
    FeatureCache cache = new FeatureCache(features, FEATURE_CACHE_BYTES);
    BatchAssembler assembler = new BatchAssembler(spec(inputs, features));
    this.validation =
        new Validation(
            inputs.validation(),
            cache,
            assembler,
            new GreedyCtcDecoder(
                inputs.alphabet().ctcLabels(), outputFrameSeconds(spec(inputs, features), features)),
            inputs.alphabet().normaliser(config.normaliser()),
            config.data().batchSize());
    this.optimizerStep = new OptimizerStep(config.optim().gradClipNorm());
    this.learningRate = learningRate(config, batches);
    TrainConfig train = config.train();
    this.store =
        CheckpointStore.open(
            inputs.runDir(), new RetentionPolicy(train.keepLast(), train.keepBestByWer()));
    this.resumed = resumeFrom != null;
    if (resumeFrom != null) {
      step = resumeFrom.step();
      epoch = resumeFrom.epoch();
      batchInEpoch = (int) resumeFrom.batchInEpoch();
      lastCheckpointStep = step;
      // a crash after this checkpoint may have left newer ones from a continuation we replace
      store.discardAfter(step);
    }
  }

  /** A new run: the model is built from the config. */
  public static Trainer start(TrainingInputs inputs) throws IOException {
    RunConfig config = inputs.config();
    SpeechFeatures features = new SpeechFeatures(config.features());
    BatchSource batches = batchSource(inputs, features);
    ComputationGraph graph =
        SpeechModels.build(
            spec(inputs, features), config.optim(), learningRate(config, batches), config.train().seed());
    return new Trainer(inputs, graph, batches, null, new EarlyStopping(config.train()));
  }

  /**
   * A run continued from a checkpoint: the model (architecture, weights, updater state) comes from
   * it, and the ND4J generator is put back as it was saved. Call on the thread that will train.
   *
   * @param history the run's earlier eval events up to the checkpoint (for early stopping)
   */
  public static Trainer resume(
      TrainingInputs inputs, LoadedCheckpoint checkpoint, List<EvalCompleted> history)
      throws IOException {
    SpeechFeatures features = new SpeechFeatures(inputs.config().features());
    EarlyStopping early = new EarlyStopping(inputs.config().train());
    history.stream()
        .filter(e -> e.step() <= checkpoint.state().step())
        .forEach(e -> early.record(e.step(), e.wer()));
    Trainer trainer =
        new Trainer(
            inputs,
            checkpoint.graph(),
            batchSource(inputs, features),
            checkpoint.state(),
            early);
    checkpoint.restoreNd4jRandom();
    return trainer;
  }

  private static BatchSource batchSource(TrainingInputs inputs, SpeechFeatures features) {
    RunConfig config = inputs.config();
    return new CorpusBatches(
        inputs.train(),
        config.data(),
        config.train().seed(),
        new FeatureCache(features, FEATURE_CACHE_BYTES),
        new BatchAssembler(spec(inputs, features)));
  }

  /** The schedule, stretched over the run's length (max steps, else epochs × batches). */
  private static StepLearningRate learningRate(RunConfig config, BatchSource batches) {
    return StepLearningRate.of(config.optim(), totalSteps(config, batches), batches.batchesIn(1));
  }

  private static long totalSteps(RunConfig config, BatchSource batches) {
    long perEpoch = batches.batchesIn(1);
    long byEpochs = (long) config.train().epochs() * perEpoch;
    return config.train().maxSteps() > 0 ? Math.min(config.train().maxSteps(), byEpochs) : byEpochs;
  }

  private static ModelSpec spec(TrainingInputs inputs, SpeechFeatures features) {
    return SpeechModels.spec(
        inputs.config().model(), features.featureCount(), inputs.alphabet().size());
  }

  private static double outputFrameSeconds(ModelSpec spec, SpeechFeatures features) {
    int frames = 10_000;
    return features.frameSeconds() * frames / Math.max(1, spec.outputFrames(frames));
  }

  public void addListener(TrainingListener listener) {
    listeners.add(listener);
  }

  /** Ends the run after the current step, with a checkpoint. Safe from any thread. */
  public void stop() {
    stopRequested = true;
  }

  /** Steps the whole run takes: max steps, else epochs × batches per epoch (the UI's 100 %). */
  public long plannedSteps() {
    return totalSteps(config, batches);
  }

  public ComputationGraph graph() {
    return graph;
  }

  /** Trains until the run ends; returns the last event (finished or failed). */
  public TrainingEvent run() {
    emit(
        new RunStarted(
            step,
            inputs.runDir(),
            config,
            Nd4j.getBackend().getClass().getSimpleName(),
            devices(),
            graph.numParams(),
            resumed));
    try {
      TrainingEvent end = loop();
      emit(end);
      return end;
    } catch (RuntimeException | IOException e) {
      LOG.error("training failed at step {}", step, e);
      RunFailed failed =
          new RunFailed(step, "training failed at step " + step + ": " + describe(e));
      emit(failed);
      return failed;
    }
  }

  private TrainingEvent loop() throws IOException {
    TrainConfig train = config.train();
    int nonFiniteInARow = 0;
    while (true) {
      if (train.maxSteps() > 0 && step >= train.maxSteps()) {
        return finish(FinishReason.MAX_STEPS);
      }
      if (epoch >= train.epochs()) {
        return finish(FinishReason.MAX_EPOCHS);
      }
      long started = System.nanoTime();
      SpeechBatch batch = batches.batch(epoch, batchInEpoch);
      double lr = learningRate.at(step);
      OptimizerStep.Result result = optimizerStep.run(graph, batch, step, epoch);
      step++;
      batchInEpoch++;
      boolean epochEnded = batchInEpoch >= batches.batchesIn(epoch);
      if (epochEnded) {
        epoch++;
        batchInEpoch = 0;
        graph.incrementEpochCount();
      }
      reportRejections(batch, result);
      if (!result.applied()) {
        nonFiniteInARow++;
        emit(
            new BatchSkipped(
                step,
                batch.ids(),
                "non-finite " + (Double.isFinite(result.loss()) ? "gradient" : "loss"),
                true));
        if (nonFiniteInARow >= train.maxNonFiniteBatches()) {
          return new RunFailed(
              step,
              nonFiniteInARow
                  + " batches in a row gave a non-finite loss or gradient (last: "
                  + batch.ids()
                  + "); lower optim.lr, set optim.grad_clip_norm, or check those utterances'"
                  + " audio and transcripts");
        }
      } else {
        nonFiniteInARow = 0;
        lastLoss = result.loss();
        double seconds = (System.nanoTime() - started) / 1e9;
        emit(
            new StepCompleted(
                step,
                epochEnded ? epoch - 1 : epoch,
                result.loss(),
                lr,
                seconds,
                batch.size() / seconds,
                batch.audioSeconds() / seconds));
      }
      if (step % train.evalEverySteps() == 0 || epochEnded) {
        evaluate();
      }
      if (step % train.checkpointEverySteps() == 0 || epochEnded) {
        checkpoint();
      }
      if (lastEval != null && lastEval.step() == step && earlyStopping.shouldStop()) {
        return finish(FinishReason.EARLY_STOP);
      }
      if (stopRequested) {
        return finish(FinishReason.STOPPED_BY_USER);
      }
    }
  }

  private RunFinished finish(FinishReason reason) throws IOException {
    if (reason != FinishReason.STOPPED_BY_USER && (lastEval == null || lastEval.step() != step)) {
      evaluate();
    }
    if (lastCheckpointStep != step) {
      checkpoint();
    }
    return new RunFinished(step, reason);
  }

  private void evaluate() {
    if (validation.size() == 0) {
      return;
    }
    lastEval = validation.run(graph, step);
    earlyStopping.record(step, lastEval.wer());
    emit(lastEval);
  }

  private void checkpoint() throws IOException {
    boolean evaluatedNow = lastEval != null && lastEval.step() == step;
    CheckpointMetrics metrics =
        new CheckpointMetrics(
            Double.isFinite(lastLoss) ? lastLoss : null,
            evaluatedNow ? lastEval.wer() : null,
            evaluatedNow ? lastEval.cer() : null);
    CheckpointState state =
        new CheckpointState(
            CheckpointState.FORMAT_VERSION,
            step,
            epoch,
            batchInEpoch,
            Map.of(
                LoadedCheckpoint.ND4J_RNG, RngState.Nd4jGenerator.capture(),
                "sampler", new RngState.Seed(config.train().seed())),
            ConfigMapper.get().valueToTree(config),
            inputs.manifestHash(),
            inputs.alphabet().labels(),
            ModelFingerprint.of(graph, inputs.alphabet().labels()),
            metrics,
            Provenance.current());
    Checkpoint saved = store.save(graph, state);
    lastCheckpointStep = step;
    emit(new CheckpointSaved(step, saved.directory(), evaluatedNow && earlyStopping.bestAt(step)));
  }

  private void reportRejections(SpeechBatch batch, OptimizerStep.Result result) {
    if (result.rejections().isEmpty() || !result.applied()) {
      return;
    }
    List<String> ids = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (CtcRejection r : result.rejections()) {
      ids.add(batch.utterances().get(r.example()).id());
      reasons.add(batch.utterances().get(r.example()).id() + ": " + r.reason().name().toLowerCase());
    }
    emit(new BatchSkipped(step, ids, "CTC left out " + String.join(", ", reasons), false));
  }

  private static List<String> devices() {
    String backend = Nd4j.getBackend().getClass().getSimpleName();
    if (backend.toLowerCase().contains("cpu")) {
      return List.of("cpu");
    }
    int count = Nd4j.getAffinityManager().getNumberOfDevices();
    List<String> devices = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      devices.add("cuda:" + i);
    }
    return devices;
  }

  private void emit(TrainingEvent event) {
    for (TrainingListener listener : listeners) {
      try {
        listener.on(event);
      } catch (RuntimeException e) {
        LOG.warn("listener {} failed on a {} event", listener, EventJson.typeOf(event), e);
        if (e instanceof UncheckedIOException) {
          throw e;
        }
      }
    }
  }

  private static String describe(Exception e) {
    String message = e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message;
  }
}
