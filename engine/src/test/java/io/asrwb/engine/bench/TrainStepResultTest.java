package io.asrwb.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrainStepResultTest {

    private static final TrainStepSettings SETTINGS =
            new TrainStepSettings("small", 8, 400, 4, 1, 2, false);

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwoAndThroughputUsesIt() {
        TrainStepResult result =
                new TrainStepResult(SETTINGS, 123, List.of(9.0, 4.0, 8.0, 6.0), 900, List.of());

        assertThat(result.medianStepSeconds()).isEqualTo(7.0);
        // 8 utterances × 400 frames × 10 ms = 32 s of audio per step
        assertThat(result.audioSecondsPerSecond())
                .isCloseTo(32.0 / 7.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void jsonLineCarriesThePeerComparableKeys() {
        String json =
                new TrainStepResult(SETTINGS, 123, List.of(2.0, 4.0, 3.0), 900, List.of()).json();

        assertThat(json)
                .startsWith("{\"impl\": \"asrwb\"")
                .contains(
                        "\"audio_s_per_s\": 10.6667",
                        "\"median_step_s\": 3.0000",
                        "\"peak_rss_mb\": 900",
                        "\"threads\": 2",
                        "\"batch\": 8",
                        "\"frames\": 400",
                        "\"params\": 123")
                .doesNotContain("\n");
    }

    @Test
    void settingsRejectAnEmptyBenchmark() {
        assertThatThrownBy(() -> new TrainStepSettings("small", 8, 400, 0, 1, 2, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("steps 0");
    }
}
