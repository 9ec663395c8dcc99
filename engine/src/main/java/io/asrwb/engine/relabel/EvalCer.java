package io.asrwb.engine.relabel;

/**
 * One evaluation's verdict on one clip.
 *
 * @param evalId     row of {@code evals}
 * @param checkpoint the checkpoint folder that was evaluated
 * @param step       its training step
 * @param corpusCer  the evaluation's corpus CER (how good that checkpoint is overall)
 * @param hypothesis what it heard
 * @param cer        the clip's CER against its current transcript (a curated edit included)
 */
public record EvalCer(
        long evalId,
        String checkpoint,
        long step,
        double corpusCer,
        String hypothesis,
        double cer) {}
