package io.asrwb.engine.train;

import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.LoaderStats;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.SkippedUtterance;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
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
import io.asrwb.engine.train.checkpoint.CheckpointDiskFullException;
import io.asrwb.engine.train.checkpoint.CheckpointMetrics;
import io.asrwb.engine.train.checkpoint.CheckpointState;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.engine.train.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.train.checkpoint.ModelFingerprint;
import io.asrwb.engine.train.checkpoint.Provenance;
import io.asrwb.engine.train.checkpoint.RetentionPolicy;
import io.asrwb.engine.train.checkpoint.RngState;
import io.asrwb.engine.train.checkpoint.StartedFrom;
import io.asrwb.engine.train.distributed.ParallelTraining;
import io.asrwb.engine.train.distributed.ReplicaTraining;
import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trains a model on a run's inputs and reports every step, evaluation and checkpoint as {@link
 * TrainingEvent}s. Knows no UI and no storage beyond its checkpoints: listeners do the rest.
 *
 * <p>The run's position is (step, epoch, batch index in the epoch's plan); with the ND4J
 * generator's state and the learning rate as a function of the step, a checkpoint holds all a
 * resumed run needs to compute exactly the steps the uninterrupted run would have: batches come
 * from a {@link BatchLoader} whose plan is a pure function of (seed, epoch) and whose augmentation
 * is drawn from (seed, stage, epoch, utterance id), reopened at the saved position. {@link #run()}
 * runs on the calling thread; {@link #stop()} may be called from any other.
 */
public final class Trainer {

    private static final Logger LOG = LoggerFactory.getLogger(Trainer.class);

    private final TrainingInputs inputs;
    private final RunConfig config;
    private final ComputationGraph graph;
    private final ModelSpec spec;
    private final UtteranceFeaturizer featurizer;
    private final BatchPlanner planner;
    private final List<PlanEntry> entries;
    private final int batchesPerEpoch;
    private final Validation validation;
    private final OptimizerStep optimizerStep;
    private final StepLearningRate learningRate;
    private final CheckpointStore store;
    private final List<TrainingListener> listeners = new CopyOnWriteArrayList<>();
    private final List<SkippedUtterance> skippedByLoader = new ArrayList<>();
    private final boolean resumed;
    private final EarlyStopping earlyStopping;
    private final DevicePlan devicePlan;
    private final StartedFrom startedFrom;
    private volatile boolean stopRequested;
    private ReplicaTrainingFactory replicas;

    private long step;
    private int epoch;
    private int batchInEpoch;
    private double lastLoss = Double.NaN;
    private EvalCompleted lastEval;
    private long lastCheckpointStep = -1;

    private Trainer(
            TrainingInputs inputs,
            Function<StepLearningRate, ComputationGraph> graph,
            CheckpointState resumeFrom,
            EarlyStopping earlyStopping,
            StartedFrom startedFrom)
            throws IOException {
        this.inputs = inputs;
        this.startedFrom = startedFrom;
        this.config = inputs.config();
        if (inputs.train().isEmpty()) {
            throw new IllegalArgumentException("no utterances to train on (data.train_splits)");
        }
        this.earlyStopping = earlyStopping;
        this.devicePlan = DevicePlan.forLoadedBackend(config.train());
        SpeechFeatures features = new SpeechFeatures(config.features());
        this.spec = spec(inputs, features);
        this.featurizer = RunFeaturizers.training(config, inputs.alphabet(), Path.of(""));
        this.planner =
                new BatchPlanner(
                        config.data().batchSize(),
                        config.data().durationBuckets(),
                        config.data().sortagrad());
        this.entries = PlanEntry.of(inputs.train());
        this.batchesPerEpoch = planner.plan(entries, config.train().seed(), 0).size();
        this.learningRate =
                StepLearningRate.of(
                        config.optim(), totalSteps(config, batchesPerEpoch), batchesPerEpoch);
        this.graph = graph.apply(learningRate);
        this.validation =
                new Validation(
                        inputs.validation(),
                        RunFeaturizers.evaluation(config, inputs.alphabet()),
                        spec,
                        new GreedyCtcDecoder(
                                inputs.alphabet().ctcLabels(), outputFrameSeconds(spec, features)),
                        inputs.alphabet().normaliser(config.normaliser()),
                        config.data().batchSize(),
                        LoaderSettings.of(config.data()));
        this.optimizerStep = new OptimizerStep(config.optim().gradClipNorm());
        TrainConfig train = config.train();
        this.store =
                CheckpointStore.open(
                        inputs.runDir(),
                        new RetentionPolicy(train.keepLast(), train.keepBestByWer()));
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
        return start(inputs, SpeechModels::initialised, null);
    }

    /**
     * A new run whose model, configured from the config, is built by {@code build}: fine-tuning
     * freezes layers and fills it from a checkpoint, which {@code startedFrom} names in the
     * provenance of every checkpoint the run writes.
     */
    public static Trainer start(
            TrainingInputs inputs,
            Function<ComputationGraphConfiguration, ComputationGraph> build,
            StartedFrom startedFrom)
            throws IOException {
        RunConfig config = inputs.config();
        ModelSpec spec = spec(inputs, new SpeechFeatures(config.features()));
        return new Trainer(
                inputs,
                lr ->
                        build.apply(
                                SpeechModels.configuration(
                                        spec, config.optim(), lr, config.train().seed())),
                null,
                new EarlyStopping(config.train()),
                startedFrom);
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
        EarlyStopping early = new EarlyStopping(inputs.config().train());
        history.stream()
                .filter(e -> e.step() <= checkpoint.state().step())
                .forEach(e -> early.record(e.step(), e.wer()));
        Trainer trainer =
                new Trainer(
                        inputs,
                        lr -> checkpoint.graph(),
                        checkpoint.state(),
                        early,
                        checkpoint.state().provenance().startedFrom());
        checkpoint.restoreNd4jRandom();
        return trainer;
    }

    /** The run's length in steps: max steps, else epochs × batches. */
    private static long totalSteps(RunConfig config, int batchesPerEpoch) {
        long byEpochs = (long) config.train().epochs() * batchesPerEpoch;
        return config.train().maxSteps() > 0
                ? Math.min(config.train().maxSteps(), byEpochs)
                : byEpochs;
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

    /**
     * Trains through {@code replicas} (DL4J on Spark) instead of on this process's devices; call
     * before {@link #run()}. Without it, {@code train.workers > 1} trains through ParallelWrapper.
     */
    public void trainThrough(ReplicaTrainingFactory replicas) {
        this.replicas = replicas;
    }

    /** Ends the run after the current step, with a checkpoint. Safe from any thread. */
    public void stop() {
        stopRequested = true;
    }

    /** Steps the whole run takes: max steps, else epochs × batches per epoch (the UI's 100 %). */
    public long plannedSteps() {
        return totalSteps(config, batchesPerEpoch);
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
                        devicePlan.backend().nd4jClass(),
                        devicePlan.backend().devices(),
                        graph.numParams(),
                        resumed));
        try {
            TrainingEvent end = loop();
            emit(end);
            return end;
        } catch (RuntimeException | IOException e) {
            if (e instanceof CheckpointDiskFullException) {
                LOG.debug(
                        "training failed at step {}", step, e); // expected: its message says it all
            } else {
                LOG.error("training failed at step {}", step, e);
            }
            RunFailed failed =
                    new RunFailed(step, "training failed at step " + step + ": " + describe(e));
            emit(failed);
            return failed;
        }
    }

    private TrainingEvent loop() throws IOException {
        TrainConfig train = config.train();
        if (replicas != null || devicePlan.workers() > 1) {
            return parallelLoop();
        }
        try (TrainingOpThreads ops =
                        TrainingOpThreads.forTraining(
                                graph.numParams(), !devicePlan.backend().cuda());
                BatchLoader loader =
                        BatchLoader.epochs(
                                inputs.train(),
                                featurizer,
                                e -> planner.plan(entries, train.seed(), e),
                                epoch,
                                batchInEpoch,
                                train.epochs(),
                                LoaderSettings.of(config.data()),
                                skippedByLoader::add)) {
            return loop(loader, train);
        }
    }

    /**
     * Training through replicas that average parameters: DL4J's ParallelWrapper ({@code
     * train.workers > 1}) or Spark ({@link #trainThrough}). One {@code fit} per epoch (ParallelWrapper)
     * or per averaging round (Spark), or the part of it the run has left, reported as one step
     * event at its end with the model's averaged score; evaluation and a checkpoint follow when
     * their step interval was crossed or the epoch ended. See {@link ParallelTraining} for what
     * differs from the single-device step (no global clipping, no skipping of non-finite batches,
     * not bitwise repeatable).
     */
    private TrainingEvent parallelLoop() throws IOException {
        TrainConfig train = config.train();
        try (ReplicaTraining parallel =
                replicas != null
                        ? replicas.open(graph, config)
                        : new ParallelTraining(
                                graph, devicePlan.workers(), train.averagingFrequency())) {
            while (epoch < train.epochs()) {
                if (train.maxSteps() > 0 && step >= train.maxSteps()) {
                    return finish(FinishReason.MAX_STEPS);
                }
                long started = System.nanoTime();
                double lr = learningRate.at(step);
                LoaderStats stats;
                FeatureBatch last;
                long delivered;
                try (BatchLoader loader =
                        BatchLoader.epochs(
                                inputs.train(),
                                featurizer,
                                e -> planner.plan(entries, train.seed(), e),
                                epoch,
                                batchInEpoch,
                                epoch + 1,
                                LoaderSettings.of(config.data()),
                                skippedByLoader::add)) {
                    long left = train.maxSteps() > 0 ? train.maxSteps() - step : Long.MAX_VALUE;
                    LoaderMultiDataSets batches =
                            new LoaderMultiDataSets(
                                    loader, spec, Math.min(left, parallel.batchesPerFit()));
                    parallel.fit(batches, step);
                    stats = loader.stats();
                    last = batches.last();
                    delivered = batches.delivered();
                }
                reportLoaderSkips();
                long before = step;
                step += delivered;
                int trainedEpoch = epoch;
                boolean epochEnded = last == null || last.planIndex() + 1 >= batchesPerEpoch;
                if (epochEnded) {
                    epoch++;
                    batchInEpoch = 0;
                    graph.incrementEpochCount();
                } else {
                    batchInEpoch = last.planIndex() + 1;
                }
                double seconds = (System.nanoTime() - started) / 1e9;
                lastLoss = parallel.score();
                emit(
                        new StepCompleted(
                                step,
                                trainedEpoch,
                                lastLoss,
                                lr,
                                seconds,
                                stats.utterances() / seconds,
                                stats.audioSeconds() / seconds));
                if (epochEnded || crossed(before, step, train.evalEverySteps())) {
                    evaluate();
                }
                if (epochEnded || crossed(before, step, train.checkpointEverySteps())) {
                    checkpoint();
                }
                if (lastEval != null && lastEval.step() == step && earlyStopping.shouldStop()) {
                    return finish(FinishReason.EARLY_STOP);
                }
                if (stopRequested) {
                    return finish(FinishReason.STOPPED_BY_USER);
                }
            }
            return finish(FinishReason.MAX_EPOCHS);
        }
    }

    /** Whether a multiple of {@code every} lies in (from, to]. */
    private static boolean crossed(long from, long to, long every) {
        return to / every > from / every;
    }

    private TrainingEvent loop(BatchLoader loader, TrainConfig train) throws IOException {
        int nonFiniteInARow = 0;
        while (true) {
            if (train.maxSteps() > 0 && step >= train.maxSteps()) {
                return finish(FinishReason.MAX_STEPS);
            }
            long started = System.nanoTime();
            boolean more = loader.hasNext();
            reportLoaderSkips();
            if (!more) {
                return finish(FinishReason.MAX_EPOCHS);
            }
            FeatureBatch features = loader.next();
            if (features.epoch() != epoch) {
                // the previous epoch's last plan batches were all skipped: it ended without a step
                epoch = features.epoch();
                graph.incrementEpochCount();
            }
            SpeechBatch batch = SpeechBatch.of(features, spec);
            double lr = learningRate.at(step);
            OptimizerStep.Result result = optimizerStep.run(graph, batch, step, epoch);
            step++;
            batchInEpoch = features.planIndex() + 1;
            boolean epochEnded = batchInEpoch >= batchesPerEpoch;
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
                                "non-finite "
                                        + (Double.isFinite(result.loss()) ? "gradient" : "loss"),
                                true));
                if (nonFiniteInARow >= train.maxNonFiniteBatches()) {
                    return new RunFailed(
                            step,
                            nonFiniteInARow
                                    + " batches in a row gave a non-finite loss or gradient (last: "
                                    + batch.ids()
                                    + "); lower optim.lr, set optim.grad_clip_norm, or check those"
                                    + " utterances' audio and transcripts");
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

    /** Utterances the loader left out since the last call, one event per plan batch. */
    private void reportLoaderSkips() {
        if (skippedByLoader.isEmpty()) {
            return;
        }
        Map<String, List<SkippedUtterance>> byBatch = new LinkedHashMap<>();
        for (SkippedUtterance s : skippedByLoader) {
            byBatch.computeIfAbsent(s.epoch() + "/" + s.batch(), k -> new ArrayList<>()).add(s);
        }
        skippedByLoader.clear();
        for (List<SkippedUtterance> batch : byBatch.values()) {
            emit(
                    new BatchSkipped(
                            step,
                            batch.stream().map(SkippedUtterance::id).toList(),
                            "loader left out "
                                    + String.join(
                                            "; ",
                                            batch.stream()
                                                    .map(
                                                            s ->
                                                                    s.id()
                                                                            + " ("
                                                                            + s.file()
                                                                            + "): "
                                                                            + s.reason())
                                                    .toList()),
                            false));
        }
    }

    private RunFinished finish(FinishReason reason) throws IOException {
        if (reason != FinishReason.STOPPED_BY_USER
                && (lastEval == null || lastEval.step() != step)) {
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
                                LoadedCheckpoint.ND4J_RNG,
                                RngState.Nd4jGenerator.capture(),
                                "sampler",
                                new RngState.Seed(config.train().seed())),
                        ConfigMapper.get().valueToTree(config),
                        inputs.manifestHash(),
                        inputs.alphabet().labels(),
                        ModelFingerprint.of(graph, inputs.alphabet().labels()),
                        metrics,
                        Provenance.current().withStartedFrom(startedFrom));
        Checkpoint saved = store.save(graph, state);
        lastCheckpointStep = step;
        emit(
                new CheckpointSaved(
                        step, saved.directory(), evaluatedNow && earlyStopping.bestAt(step)));
    }

    private void reportRejections(SpeechBatch batch, OptimizerStep.Result result) {
        if (result.rejections().isEmpty() || !result.applied()) {
            return;
        }
        List<String> ids = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (CtcRejection r : result.rejections()) {
            String id = batch.ids().get(r.example());
            ids.add(id);
            reasons.add(id + ": " + r.reason().name().toLowerCase(java.util.Locale.ROOT));
        }
        emit(new BatchSkipped(step, ids, "CTC left out " + String.join(", ", reasons), false));
    }

    private void emit(TrainingEvent event) {
        for (TrainingListener listener : listeners) {
            try {
                listener.on(event);
            } catch (RuntimeException e) {
                LOG.warn("listener {} failed on a {} event", listener, EventCodec.typeOf(event), e);
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
