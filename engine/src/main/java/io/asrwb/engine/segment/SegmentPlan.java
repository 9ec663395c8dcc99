package io.asrwb.engine.segment;

import java.util.List;

/**
 * What a long recording is cut into, before anything is written.
 *
 * @param cuts        the utterances, in time order
 * @param rejected    the stretches left out, each with why
 * @param fileSeconds the recording's length
 * @param draft       true when the texts are still to come from the model (no transcript)
 */
public record SegmentPlan(
        List<Cut> cuts, List<RejectedSpan> rejected, double fileSeconds, boolean draft) {

    public SegmentPlan {
        cuts = List.copyOf(cuts);
        rejected = List.copyOf(rejected);
    }
}
