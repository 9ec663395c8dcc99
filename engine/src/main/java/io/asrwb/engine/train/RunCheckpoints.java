package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointMetrics;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.checkpoint.ModelFingerprint;
import io.asrwb.engine.checkpoint.Provenance;
import io.asrwb.engine.checkpoint.RngState;
import io.asrwb.engine.checkpoint.StartedFrom;
import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import java.io.IOException;
import java.util.Map;

/**
 * Saves where a run stands as a checkpoint of its store: the model and everything a resume puts
 * back ({@link ResumePlan}). The model's fingerprint is taken once: training changes its weights,
 * never its architecture.
 */
final class RunCheckpoints {

    private final TrainingRun run;
    private final CheckpointStore store;
    private final String fingerprint;
    private final StartedFrom startedFrom;
    private final TrainingDataSummary data;
    private long lastSavedStep = -1;

    /**
     * @param startedFrom the checkpoint a fine-tuned run started from, null from scratch
     * @param baseData what that checkpoint was trained on, as it records it; null when it does not
     *     (or from scratch)
     */
    RunCheckpoints(
            TrainingRun run,
            CheckpointStore store,
            StartedFrom startedFrom,
            TrainingDataSummary baseData) {
        this.run = run;
        this.store = store;
        this.startedFrom = startedFrom;
        this.fingerprint = ModelFingerprint.of(run.graph(), run.inputs().alphabet().labels());
        this.data =
                TrainingDataTally.of(run.config().data().dataset(), run.inputs().train())
                        .withBase(baseData);
    }

    /**
     * Writes what the run trains on into its folder as it starts, so a run that never reaches a
     * checkpoint still says it; every checkpoint gets the same file.
     */
    void recordTrainingData() throws IOException {
        data.write(run.inputs().runDir());
    }

    /** Counts the checkpoint a resumed run starts from as saved at its step. */
    void savedAt(long step) {
        lastSavedStep = step;
    }

    boolean savedNow() {
        return lastSavedStep == run.progress().step;
    }

    /**
     * Saves the run as it stands.
     *
     * @param evaluatedNow the evaluation at this step, or null: its WER and CER go with the
     *     checkpoint (what retention keeps the best by)
     * @param best whether that evaluation is the run's best so far
     */
    void save(EvalCompleted evaluatedNow, boolean best) throws IOException {
        RunProgress at = run.progress();
        TrainingInputs inputs = run.inputs();
        CheckpointMetrics metrics =
                new CheckpointMetrics(
                        Double.isFinite(at.lastLoss) ? at.lastLoss : null,
                        evaluatedNow != null ? evaluatedNow.wer() : null,
                        evaluatedNow != null ? evaluatedNow.cer() : null);
        CheckpointState state =
                new CheckpointState(
                        CheckpointState.FORMAT_VERSION,
                        at.step,
                        at.epoch,
                        at.batchInEpoch,
                        Map.of(
                                LoadedCheckpoint.ND4J_RNG,
                                RngState.Nd4jGenerator.capture(),
                                "sampler",
                                new RngState.Seed(run.config().train().seed())),
                        ConfigMapper.get().valueToTree(run.config()),
                        inputs.manifestHash(),
                        inputs.alphabet().labels(),
                        fingerprint,
                        metrics,
                        Provenance.current().withStartedFrom(startedFrom));
        Checkpoint saved = store.save(run.graph(), state, data);
        lastSavedStep = at.step;
        run.events().emit(new CheckpointSaved(at.step, saved.directory(), best));
    }
}
