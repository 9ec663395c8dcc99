package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class EtaEstimateTest {

    @Test
    void noStepYetMeansNoEstimate() {
        assertThat(new EtaEstimate().remaining(0, 100)).isEmpty();
    }

    @Test
    void remainingStepsTimesTheRecentStepTime() {
        EtaEstimate eta = new EtaEstimate();
        for (int i = 0; i < 50; i++) {
            eta.recordStep(2.0);
        }
        assertThat(eta.remaining(40, 100)).contains(Duration.ofMinutes(2));
        assertThat(eta.remaining(100, 100)).contains(Duration.ZERO);
    }

    @Test
    void aSlowFirstStepFadesOut() {
        EtaEstimate eta = new EtaEstimate();
        eta.recordStep(60.0);
        for (int i = 0; i < 30; i++) {
            eta.recordStep(1.0);
        }
        assertThat(eta.remaining(0, 10).orElseThrow()).isLessThan(Duration.ofSeconds(11));
    }

    @Test
    void formatsMinutesAndHours() {
        assertThat(EtaEstimate.format(Duration.ofSeconds(75))).isEqualTo("1:15");
        assertThat(EtaEstimate.format(Duration.ofSeconds(3 * 3600 + 62))).isEqualTo("3:01:02");
    }
}
