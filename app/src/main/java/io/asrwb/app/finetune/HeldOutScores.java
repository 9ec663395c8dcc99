package io.asrwb.app.finetune;

import io.asrwb.app.errors.CompareRow;
import io.asrwb.app.errors.Comparison;
import io.asrwb.engine.metrics.CorpusErrorRates;
import io.asrwb.engine.metrics.ErrorRateAccumulator;
import java.util.Locale;

/**
 * Base (A) and fine-tuned (B) on the held-out takes: corpus WER and CER, each summed over the
 * takes and divided once, as {@code asrwb eval} does.
 */
public record HeldOutScores(
        int takes, double werBase, double werTuned, double cerBase, double cerTuned) {

    static HeldOutScores of(Comparison c) {
        ErrorRateAccumulator a = new ErrorRateAccumulator();
        ErrorRateAccumulator b = new ErrorRateAccumulator();
        for (CompareRow r : c.rows()) {
            a.add(r.a().reference(), r.a().hypothesis());
            b.add(r.b().reference(), r.b().hypothesis());
        }
        CorpusErrorRates ra = a.snapshot();
        CorpusErrorRates rb = b.snapshot();
        return new HeldOutScores(c.rows().size(), ra.wer(), rb.wer(), ra.cer(), rb.cer());
    }

    /** "On the 5 held-out takes: WER 60.0 % → 20.0 %, CER 30.0 % → 8.0 % (base → fine-tuned)". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "On the %d held-out takes: WER %.1f %% → %.1f %%, CER %.1f %% → %.1f %%"
                        + " (base → fine-tuned)",
                takes,
                100 * werBase,
                100 * werTuned,
                100 * cerBase,
                100 * cerTuned);
    }
}
