package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.CheckpointDiskFullException;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.RetentionPolicy;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import io.asrwb.engine.decode.GreedyCtcDecoder;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingListener;
import io.asrwb.engine.model.layers.NativeMemoryJanitor;
import io.asrwb.engine.train.distributed.ParallelTraining;
import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Trains a model on a run's inputs and reports every step, evaluation and checkpoint as {@link
 * TrainingEvent}s. Knows no UI and no storage beyond its checkpoints: listeners do the rest.
 *
 * <p>A step loop: a {@link TrainingWay} trains the next step (one device) or round (replicas), and
 * the one {@link AfterStep} evaluates, checkpoints and decides whether the run ends, the same for
 * every way. The run's position is (step, epoch, batch index in the epoch's plan); with the ND4J
 * generator's state and the learning rate as a function of the step, a checkpoint holds all a
 * resumed run ({@link ResumePlan}) needs to compute exactly the steps the uninterrupted run would
 * have: batches come from a {@link BatchLoader} whose plan is a pure function of (seed, epoch) and
 * whose augmentation is drawn from (seed, stage, epoch, utterance id), reopened at the saved
 * position. {@link #run()} runs on the calling thread; {@link #stop()} may be called from any
 * other.
 */
public final class Trainer {

    private static final Logger LOG = LoggerFactory.getLogger(Trainer.class);

    private final TrainingRun run;
    private final AfterStep afterStep;
    private final boolean resumed;
    private volatile boolean stopRequested;
    private ReplicaTrainingFactory replicas;

    private Trainer(TrainingInputs inputs, RunSetup setup, ResumePlan resume, InitialModel initial)
            throws IOException {
        NativeMemoryJanitor.ensureStarted();
        RunConfig config = inputs.config();
        if (inputs.train().isEmpty()) {
            throw new IllegalArgumentException("no utterances to train on (data.train_splits)");
        }
        TrainConfig train = config.train();
        UtteranceFeaturizer featurizer =
                RunFeaturizers.training(config, inputs.alphabet(), setup.features(), Path.of(""));
        BatchPlanner planner = BatchPlanner.forTraining(config.data());
        List<PlanEntry> entries = PlanEntry.of(inputs.train());
        int batchesPerEpoch = planner.plan(entries, train.seed(), 0).size();
        long stepsPerEpoch = stepsPerEpoch(config, batchesPerEpoch);
        StepLearningRate learningRate =
                StepLearningRate.of(
                        config.optim(), totalSteps(config, batchesPerEpoch), stepsPerEpoch);
        ComputationGraph graph =
                resume != null
                        ? resume.graph()
                        : initial.apply(
                                SpeechModels.configuration(
                                        setup.spec(), config.optim(), learningRate, train.seed()));
        EventFanOut events = new EventFanOut();
        this.run =
                new TrainingRun(
                        inputs,
                        setup,
                        graph,
                        featurizer,
                        planner,
                        entries,
                        batchesPerEpoch,
                        learningRate,
                        resume != null ? resume.progress() : RunProgress.atStart(),
                        events,
                        new LoaderSkips(events));
        Validation validation =
                new Validation(
                        inputs.validation(),
                        RunFeaturizers.evaluation(config, inputs.alphabet(), setup.features()),
                        setup.spec(),
                        new GreedyCtcDecoder(
                                inputs.alphabet().ctcLabels(), setup.outputFrameSeconds()),
                        inputs.alphabet().normaliser(config.normaliser()),
                        config.data().batchSize(),
                        LoaderSettings.of(config.data()));
        CheckpointStore store =
                CheckpointStore.open(
                        inputs.runDir(),
                        new RetentionPolicy(train.keepLast(), train.keepBestByWer()));
        RunCheckpoints checkpoints =
                new RunCheckpoints(
                        run,
                        store,
                        resume != null ? resume.startedFrom() : initial.startedFrom(),
                        resume != null ? resume.baseData() : initial.baseData());
        checkpoints.recordTrainingData();
        this.resumed = resume != null;
        if (resume != null) {
            checkpoints.savedAt(run.progress().step);
            resume.discardAbandoned(store);
        }
        this.afterStep =
                new AfterStep(
                        run,
                        validation,
                        resume != null ? resume.earlyStopping(train) : new EarlyStopping(train),
                        checkpoints,
                        () -> stopRequested);
    }

    /** A new run: the model is built from the config. */
    public static Trainer start(TrainingInputs inputs) throws IOException {
        return start(inputs, RunSetup.of(inputs.config(), inputs.alphabet()));
    }

    /**
     * A new run with its setup already derived: from scratch, or fine-tuned from {@code
     * train.init_from}.
     */
    static Trainer start(TrainingInputs inputs, RunSetup setup) throws IOException {
        return start(inputs, setup, InitialModel.of(inputs));
    }

    /** A new run whose model comes to be as {@code initial} says (by {@link RunLauncher}). */
    static Trainer start(TrainingInputs inputs, RunSetup setup, InitialModel initial)
            throws IOException {
        return new Trainer(inputs, setup, null, initial);
    }

    /**
     * A run continued as {@code resume} says: the model (architecture, weights, updater state) comes
     * from its checkpoint, and the ND4J generator is put back as it was saved. Call on the thread
     * that will train.
     */
    static Trainer resume(TrainingInputs inputs, RunSetup setup, ResumePlan resume)
            throws IOException {
        Trainer trainer = new Trainer(inputs, setup, resume, null);
        resume.restoreRandom();
        return trainer;
    }

    /** Optimizer steps in an epoch: one per {@code train.accumulate} batches, the last maybe fewer. */
    private static long stepsPerEpoch(RunConfig config, int batchesPerEpoch) {
        int accumulate = config.train().accumulate();
        return ((long) batchesPerEpoch + accumulate - 1) / accumulate;
    }

    /** The run's length in steps: max steps, else epochs × steps per epoch. */
    private static long totalSteps(RunConfig config, int batchesPerEpoch) {
        long byEpochs = config.train().epochs() * stepsPerEpoch(config, batchesPerEpoch);
        return config.train().maxSteps() > 0
                ? Math.min(config.train().maxSteps(), byEpochs)
                : byEpochs;
    }

    public void addListener(TrainingListener listener) {
        run.events().add(listener);
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

    /** Steps the whole run takes: max steps, else epochs × steps per epoch (the UI's 100 %). */
    public long plannedSteps() {
        return totalSteps(run.config(), run.batchesPerEpoch());
    }

    public ComputationGraph graph() {
        return run.graph();
    }

    /** Trains until the run ends; returns the last event (finished or failed). */
    public TrainingEvent run() {
        DevicePlan devices = run.setup().devices();
        run.events()
                .emit(
                        new RunStarted(
                                run.progress().step,
                                run.inputs().runDir(),
                                run.config(),
                                devices.backend().nd4jClass(),
                                devices.backend().devices(),
                                run.graph().numParams(),
                                resumed));
        try {
            TrainingEvent end;
            try (TrainingWay way = openWay()) {
                end = loop(way);
            }
            run.events().emit(end);
            return end;
        } catch (RuntimeException | IOException e) {
            long step = run.progress().step;
            if (e instanceof CheckpointDiskFullException) {
                LOG.debug(
                        "training failed at step {}", step, e); // expected: its message says it all
            } else {
                LOG.error("training failed at step {}", step, e);
            }
            RunFailed failed =
                    new RunFailed(step, "training failed at step " + step + ": " + describe(e));
            run.events().emit(failed);
            return failed;
        }
    }

    private TrainingWay openWay() {
        if (replicas != null) {
            return new ReplicaRounds(run, replicas.open(run.graph(), run.config()));
        }
        int workers = run.setup().devices().workers();
        if (workers > 1) {
            return new ReplicaRounds(
                    run,
                    new ParallelTraining(
                            run.graph(), workers, run.config().train().averagingFrequency()));
        }
        return new SingleDeviceSteps(run);
    }

    /** Steps until the way runs out, fails, or the after-step tail ends the run. */
    private TrainingEvent loop(TrainingWay way) throws IOException {
        while (true) {
            TrainingWay.Outcome outcome = way.next();
            if (outcome instanceof TrainingWay.Ended ended) {
                return afterStep.finish(ended.reason());
            }
            if (outcome instanceof TrainingWay.Failed failed) {
                return failed.failure();
            }
            Optional<RunFinished> end = afterStep.after((TrainingWay.Trained) outcome);
            if (end.isPresent()) {
                return end.get();
            }
        }
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message;
    }
}
