package io.asrwb.engine.relabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RelabelScoreTest {

    @Test
    void theScoreIsTheMeanOfTheSignsThereAreSoAlignmentTellsAMishearingFromAWrongLabel() {
        assertThat(RelabelScore.of(0.6, Double.NaN)).isCloseTo(0.6, within(1e-12));
        assertThat(RelabelScore.of(Double.NaN, 0.4)).isCloseTo(0.6, within(1e-12));
        assertThat(RelabelScore.of(0.6, 0.4)).isCloseTo(0.6, within(1e-12));
        assertThat(RelabelScore.of(Double.NaN, Double.NaN)).isZero();
        assertThat(RelabelScore.of(0, 1)).isZero();
        // the demo corpus, one eval: a right label the model mishears (CER 1, its label aligns at
        // 0.71) against a swapped label (CER 0.88, aligns at 0.20)
        double misheard = RelabelScore.of(1.0, 0.71);
        double wrongLabel = RelabelScore.of(0.88, 0.20);
        assertThat(wrongLabel).isGreaterThan(misheard);
        assertThat(RelabelScore.of(3.0, -0.5)).as("clamped").isEqualTo(1.0);
    }

    @Test
    void persistenceIsTheBestDecodingSoOneBadEarlyCheckpointDoesNotCondemnAClip() {
        EvalCer early = new EvalCer(1, "step-10", 10, 0.5, "pleas trn", 0.9);
        EvalCer late = new EvalCer(2, "step-900", 900, 0.05, "please turn left", 0.0);
        EvalCer wild = new EvalCer(3, "step-1", 1, 0.9, "a very long wrong hearing", 3.0);

        assertThat(RelabelScore.persistence(List.of(early, late))).isZero();
        assertThat(RelabelScore.persistence(List.of(early, wild))).isEqualTo(0.9);
        assertThat(RelabelScore.persistence(List.of(wild))).isEqualTo(1.0);
        assertThat(RelabelScore.persistence(List.of())).isNaN();
        assertThat(RelabelQueue.offered(List.of(early, late, wild))).isEqualTo("please turn left");
    }
}
