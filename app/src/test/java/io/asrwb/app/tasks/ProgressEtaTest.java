package io.asrwb.app.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The import/export/check ETA: linear in the fraction done, silent while too early to say. */
class ProgressEtaTest {

    @Test
    void aQuarterDoneInTenSecondsLeavesThirty() {
        assertThat(ProgressEta.remaining(0.25, Duration.ofSeconds(10)))
                .contains(Duration.ofSeconds(30));
        assertThat(ProgressEta.remaining(1.0, Duration.ofSeconds(10))).contains(Duration.ZERO);
    }

    @Test
    void tooEarlyOrUnknownSaysNothing() {
        assertThat(ProgressEta.remaining(0.01, Duration.ofSeconds(10))).isEmpty();
        assertThat(ProgressEta.remaining(-1, Duration.ofSeconds(10))).isEmpty(); // indeterminate
        assertThat(ProgressEta.remaining(Double.NaN, Duration.ofSeconds(10))).isEmpty();
        assertThat(ProgressEta.startingNow().suffix(0.001)).isEmpty();
    }

    @Test
    void formatsAsAClock() {
        assertThat(ProgressEta.format(Duration.ofSeconds(75))).isEqualTo("1:15");
        assertThat(ProgressEta.format(Duration.ofSeconds(3 * 3600 + 62))).isEqualTo("3:01:02");
    }
}
