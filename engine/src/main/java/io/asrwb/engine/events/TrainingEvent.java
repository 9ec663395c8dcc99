package io.asrwb.engine.events;

import io.asrwb.engine.config.RunConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a training run reports, in order: one {@link RunStarted}, then steps, evaluations,
 * checkpoints, skipped batches and flagged utterances, then exactly one {@link RunFinished} or {@link RunFailed}.
 * Every listener (JSON lines, H2 metrics, UI charts, the remote streamer) sees these records only.
 */
public sealed interface TrainingEvent {

    /** Optimizer steps completed when the event happened. */
    long step();

    /**
     * Calls the visitor's method for this event's type. This is how code tells the types apart:
     * Java 17 has no pattern-matching {@code switch} (it is a preview there), and a visitor gives
     * the same check: a new event type adds a method to {@link Visitor}, and every visitor stops
     * compiling until it says what the new type means to it (an {@code instanceof} ladder would
     * let it fall through unnoticed).
     */
    <R> R accept(Visitor<R> visitor);

    /** Whether {@code event} is a run's last: a {@link RunFinished} or a {@link RunFailed}. */
    static boolean endsRun(TrainingEvent event) {
        return event instanceof RunFinished || event instanceof RunFailed;
    }

    /** One method per event type, named after its {@code type} in events.jsonl. */
    interface Visitor<R> {
        R started(RunStarted e);

        R step(StepCompleted e);

        R eval(EvalCompleted e);

        R checkpoint(CheckpointSaved e);

        R skipped(BatchSkipped e);

        R flagged(UtteranceFlagged e);

        R failed(RunFailed e);

        R finished(RunFinished e);
    }

    /**
     * A visitor for folds that care about a few kinds of event: every kind not overridden answers
     * {@link #otherwise}. A fold that must decide for each kind implements {@link Visitor} itself, so
     * the compiler names any kind a new event adds.
     */
    abstract class Some<R> implements Visitor<R> {

        /** The answer for the kinds not overridden. */
        protected abstract R otherwise(TrainingEvent e);

        @Override
        public R started(RunStarted e) {
            return otherwise(e);
        }

        @Override
        public R step(StepCompleted e) {
            return otherwise(e);
        }

        @Override
        public R eval(EvalCompleted e) {
            return otherwise(e);
        }

        @Override
        public R checkpoint(CheckpointSaved e) {
            return otherwise(e);
        }

        @Override
        public R skipped(BatchSkipped e) {
            return otherwise(e);
        }

        @Override
        public R flagged(UtteranceFlagged e) {
            return otherwise(e);
        }

        @Override
        public R failed(RunFailed e) {
            return otherwise(e);
        }

        @Override
        public R finished(RunFinished e) {
            return otherwise(e);
        }
    }

    /**
     * The run began (or resumed) and is about to train.
     *
     * <p>Read back from a line ({@link EventCodec}), {@code runDir} and {@code config} are null when
     * the line has none, and {@code config} also when this build cannot read it.
     *
     * @param runDir the run's folder (config.yaml, events.jsonl, checkpoints/)
     * @param backend ND4J backend, e.g. {@code CpuBackend}
     * @param devices the devices trained on, e.g. {@code ["cpu"]}
     * @param parameters number of trainable parameters
     * @param resumed true when continuing from a checkpoint
     */
    record RunStarted(
            long step,
            Path runDir,
            RunConfig config,
            String backend,
            List<String> devices,
            long parameters,
            boolean resumed)
            implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.started(this);
        }

        public RunStarted {
            devices = List.copyOf(devices);
        }
    }

    /**
     * One optimizer step done.
     *
     * @param loss mean CTC loss per utterance of the batch
     * @param lr learning rate used for the step
     * @param seconds wall time of the step, loading included
     * @param utterancesPerSecond throughput in utterances
     * @param audioSecondsPerSecond throughput in seconds of audio per second
     * @param gradientNorm the global L2 norm of the step's gradient per utterance, before clipping
     *     (what {@code optim.grad_clip_norm} is compared with); NaN when the step has none (replica
     *     rounds, lines written before it was added)
     */
    record StepCompleted(
            long step,
            int epoch,
            double loss,
            double lr,
            double seconds,
            double utterancesPerSecond,
            double audioSecondsPerSecond,
            double gradientNorm)
            implements TrainingEvent {

        /** A step that reports no gradient norm. */
        public StepCompleted(
                long step,
                int epoch,
                double loss,
                double lr,
                double seconds,
                double utterancesPerSecond,
                double audioSecondsPerSecond) {
            this(
                    step,
                    epoch,
                    loss,
                    lr,
                    seconds,
                    utterancesPerSecond,
                    audioSecondsPerSecond,
                    Double.NaN);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.step(this);
        }
    }

    /**
     * A validation pass done.
     *
     * @param loss mean CTC loss per validation utterance
     * @param wer corpus word error rate (errors summed over the corpus, divided once)
     * @param cer corpus character error rate
     * @param utterances per-utterance results, in validation order
     */
    record EvalCompleted(
            long step, double loss, double wer, double cer, List<UtteranceResult> utterances)
            implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.eval(this);
        }

        public EvalCompleted {
            utterances = List.copyOf(utterances);
        }
    }

    /** One validation utterance decoded. */
    record UtteranceResult(String id, String reference, String hypothesis, double cer) {
        public UtteranceResult {
            Objects.requireNonNull(id, "id");
        }
    }

    /**
     * A checkpoint was written.
     *
     * @param best true when its validation WER is the best of the run so far
     */
    record CheckpointSaved(long step, Path path, boolean best) implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.checkpoint(this);
        }
    }

    /**
     * Utterances left out of a step. With {@code wholeBatch} the step's update was not applied at
     * all (non-finite loss or gradient); otherwise only these utterances were (CTC rejections such as
     * an empty transcript) and the step went on with the rest.
     */
    record BatchSkipped(long step, List<String> utteranceIds, String reason, boolean wholeBatch)
            implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.skipped(this);
        }

        public BatchSkipped {
            utteranceIds = List.copyOf(utteranceIds);
        }
    }

    /**
     * An utterance found behind a non-finite loss or gradient (CTC could not align it, or its row
     * made the batch's loss or gradient NaN or infinite), named once per run attempt so that it can
     * be fixed; the catalog flags it with the reason ({@code CatalogMetricWriter}). It is left out of
     * every step it is in, and training goes on with the rest.
     *
     * @param utteranceId its id in the dataset
     * @param audio its audio file
     * @param transcript its transcript as trained on (normalised)
     * @param reason e.g. "CTC loss is infinite: 12 labels need at least 14 output frames, the clip
     *     gives 9", or "non-finite gradient: its features hold NaN or infinite values …"
     */
    record UtteranceFlagged(
            long step, String utteranceId, String audio, String transcript, String reason)
            implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.flagged(this);
        }

        public UtteranceFlagged {
            Objects.requireNonNull(utteranceId, "utteranceId");
        }

        /** One line for logs and status bars: id, reason, audio and transcript. */
        public String describe() {
            return utteranceId
                    + ": "
                    + reason
                    + " (audio "
                    + audio
                    + ", transcript \""
                    + transcript
                    + "\")";
        }
    }

    /** The run stopped on an error; the message says what went wrong and what to do. */
    record RunFailed(long step, String message) implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.failed(this);
        }
    }

    /** The run ended normally. */
    record RunFinished(long step, FinishReason reason) implements TrainingEvent {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.finished(this);
        }
    }

    /** Why a run ended normally. */
    enum FinishReason {
        MAX_STEPS,
        MAX_EPOCHS,
        EARLY_STOP,
        STOPPED_BY_USER
    }
}
