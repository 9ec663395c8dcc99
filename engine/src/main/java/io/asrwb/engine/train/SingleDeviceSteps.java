package io.asrwb.engine.train;

import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.loss.CtcRejection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * One {@link OptimizerStep} per group of {@code train.accumulate} batches (one batch by default) on
 * this process's device, bitwise repeatable on the CPU: a group never spans two epochs, and the
 * run's position counts plan batches, so a resumed run takes the same groups. A group whose loss
 * or gradient is not finite is skipped (and the run fails after {@code
 * train.max_non_finite_batches} of them in a row), and examples CTC cannot align are reported.
 * Before a batch is given up, the utterances behind its non-finite loss are looked for and left
 * out ({@link NonFiniteProbe}), and the step goes on with the rest; they and those CTC cannot align
 * are named with audio and transcript ({@link FlaggedUtterances}), and the catalog flags them. The
 * epoch plan stays as it is (resume takes the same batches): a later epoch meets them again and
 * leaves them out again.
 */
final class SingleDeviceSteps implements TrainingWay {

    private final TrainingRun run;
    private final OptimizerStep optimizerStep;
    private final TrainingOpThreads ops;
    private final BatchLoader loader;
    private final FlaggedUtterances flagged;
    private int nonFiniteInARow;
    private FeatureBatch pending;

    SingleDeviceSteps(TrainingRun run) {
        this.run = run;
        this.optimizerStep = new OptimizerStep(run.config().optim().gradClipNorm());
        this.ops =
                TrainingOpThreads.forTraining(
                        run.graph().numParams(), !run.setup().devices().backend().cuda());
        BatchLoader opened;
        try {
            opened = run.openLoader(run.config().train().epochs());
        } catch (RuntimeException e) {
            ops.close();
            throw e;
        }
        this.loader = opened;
        this.flagged = new FlaggedUtterances(run.inputs().train(), run.events());
    }

    @Override
    public Outcome next() {
        TrainConfig train = run.config().train();
        RunProgress at = run.progress();
        if (train.maxSteps() > 0 && at.step >= train.maxSteps()) {
            return new Ended(FinishReason.MAX_STEPS);
        }
        long started = System.nanoTime();
        boolean more = pending != null || loader.hasNext();
        run.skips().report(at.step);
        if (!more) {
            return new Ended(FinishReason.MAX_EPOCHS);
        }
        ComputationGraph graph = run.graph();
        FeatureBatch first = take();
        if (first.epoch() != at.epoch) {
            // the previous epoch's last plan batches were all skipped: it ended without a step
            at.epoch = first.epoch();
            graph.incrementEpochCount();
        }
        List<FeatureBatch> features = group(first, train.accumulate());
        run.skips().report(at.step);
        List<SpeechBatch> batches = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        double audioSeconds = 0;
        for (FeatureBatch f : features) {
            SpeechBatch batch = SpeechBatch.of(f, run.setup().spec());
            batches.add(batch);
            ids.addAll(batch.ids());
            audioSeconds += batch.audioSeconds();
        }
        double lr = run.learningRate().at(at.step);
        OptimizerStep.Result result = optimizerStep.run(graph, batches, at.step, at.epoch);
        long before = at.step;
        at.step++;
        at.batchInEpoch = features.get(features.size() - 1).planIndex() + 1;
        boolean epochEnded = at.batchInEpoch >= run.batchesPerEpoch();
        if (epochEnded) {
            at.epoch++;
            at.batchInEpoch = 0;
            graph.incrementEpochCount();
        }
        flagged.report(at.step, ids, result);
        reportRejections(ids, result);
        reportCulprits(ids, result);
        if (!result.applied()) {
            nonFiniteInARow++;
            run.events()
                    .emit(
                            new BatchSkipped(
                                    at.step,
                                    ids,
                                    "non-finite "
                                            + (Double.isFinite(result.loss()) ? "gradient" : "loss")
                                            + (result.culprits().isEmpty()
                                                    ? "; no one utterance of the batch gives it on"
                                                            + " its own (none flagged)"
                                                    : ""),
                                    true));
            if (nonFiniteInARow >= train.maxNonFiniteBatches()) {
                return new Failed(
                        new RunFailed(
                                at.step,
                                nonFiniteInARow
                                        + " batches in a row gave a non-finite loss or gradient"
                                        + " (last: "
                                        + ids
                                        + "); lower optim.lr, set optim.grad_clip_norm, or check"
                                        + " those utterances' audio and transcripts"));
            }
        } else {
            nonFiniteInARow = 0;
            at.lastLoss = result.loss();
            double seconds = (System.nanoTime() - started) / 1e9;
            run.events()
                    .emit(
                            new StepCompleted(
                                    at.step,
                                    epochEnded ? at.epoch - 1 : at.epoch,
                                    result.loss(),
                                    lr,
                                    seconds,
                                    ids.size() / seconds,
                                    audioSeconds / seconds,
                                    result.gradientNorm()));
        }
        return new Trained(before, epochEnded);
    }

    private FeatureBatch take() {
        FeatureBatch next = pending != null ? pending : loader.next();
        pending = null;
        return next;
    }

    /**
     * {@code first} and the batches after it, up to {@code n} in all ({@code train.accumulate}),
     * never past its epoch: the epoch's last group may be shorter. A batch of the next epoch (its
     * plan's last batches were all left out) waits in {@link #pending}.
     */
    private List<FeatureBatch> group(FeatureBatch first, int n) {
        List<FeatureBatch> group = new ArrayList<>(List.of(first));
        FeatureBatch last = first;
        while (group.size() < n
                && last.planIndex() + 1 < run.batchesPerEpoch()
                && loader.hasNext()) {
            FeatureBatch next = loader.next();
            if (next.epoch() != first.epoch()) {
                pending = next;
                break;
            }
            group.add(next);
            last = next;
        }
        return group;
    }

    private void reportRejections(List<String> ids, OptimizerStep.Result result) {
        if (result.rejections().isEmpty() || !result.applied()) {
            return;
        }
        List<String> rejected = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (CtcRejection r : result.rejections()) {
            String id = ids.get(r.example());
            rejected.add(id);
            reasons.add(id + ": " + r.reason().name().toLowerCase(Locale.ROOT));
        }
        run.events()
                .emit(
                        new BatchSkipped(
                                run.progress().step,
                                rejected,
                                "CTC left out " + String.join(", ", reasons),
                                false));
    }

    /** Utterances left out of a step that went on without them. */
    private void reportCulprits(List<String> ids, OptimizerStep.Result result) {
        if (result.culprits().isEmpty() || !result.applied()) {
            return;
        }
        List<String> left = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (NonFiniteCulprit c : result.culprits()) {
            left.add(ids.get(c.example()));
            reasons.add(ids.get(c.example()) + ": " + c.reason());
        }
        run.events()
                .emit(
                        new BatchSkipped(
                                run.progress().step,
                                left,
                                "non-finite loss or gradient: left out "
                                        + String.join("; ", reasons),
                                false));
    }

    @Override
    public void close() {
        try {
            loader.close();
        } finally {
            ops.close();
        }
    }
}
