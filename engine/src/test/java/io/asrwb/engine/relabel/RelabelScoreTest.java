package io.asrwb.engine.relabel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RelabelScoreTest {

    @Test
    void eitherSignAloneRanksAClipAndBothTogetherRankItHigher() {
        double cerOnly = RelabelScore.of(0.6, Double.NaN);
        double alignOnly = RelabelScore.of(Double.NaN, 0.4);
        double both = RelabelScore.of(0.6, 0.4);

        assertThat(cerOnly).isCloseTo(0.6, within(1e-12));
        assertThat(alignOnly).isCloseTo(0.6, within(1e-12));
        assertThat(both).isCloseTo(1 - 0.4 * 0.4, within(1e-12)).isGreaterThan(cerOnly);
        assertThat(RelabelScore.of(Double.NaN, Double.NaN)).isZero();
        assertThat(RelabelScore.of(0, 1)).isZero();
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
