package io.asrwb.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TranscribeBenchmarkTest {

    @Test
    void runsTheTranscriptionPathOfAPresetModelAndReportsEveryMeasuredCall() throws Exception {
        TranscribeSettings settings = new TranscribeSettings("tiny", null, 1.5, 3, 1, 2);

        TranscribeResult result = TranscribeBenchmark.run(settings);

        assertThat(result.callMillis()).hasSize(3).allMatch(ms -> ms > 0);
        assertThat(result.featureMillis()).hasSize(3);
        assertThat(result.cpuMillis()).hasSize(3);
        assertThat(result.params()).isPositive();
        assertThat(result.json())
                .startsWith("{\"impl\": \"asrwb\", \"bench\": \"transcribe\", \"model\": \"tiny\"")
                .contains(
                        "\"audio_s\": 1.50",
                        "\"cpu_median_ms\": ",
                        "\"runs\": 3",
                        "\"warmup\": 1",
                        "\"median_ms\": ",
                        "\"p90_ms\": ")
                .doesNotContain("\n");
    }

    @Test
    void percentilesAreNearestRankAndTheMedianAveragesTheMiddlePair() {
        List<Double> ms = List.of(50.0, 10.0, 40.0, 20.0, 30.0, 100.0, 60.0, 70.0, 80.0, 90.0);

        assertThat(TranscribeResult.percentile(ms, 90)).isEqualTo(90.0);
        assertThat(TranscribeResult.percentile(ms, 100)).isEqualTo(100.0);
        assertThat(TranscribeResult.median(ms)).isEqualTo(55.0);
    }

    @Test
    void speechLikeAudioHasTheAskedLengthAndIsNotSilent() {
        var audio = TranscribeBenchmark.speechLikeAudio(0.5);

        assertThat(audio.samples()).hasSize(8000);
        assertThat(audio.sampleRate()).isEqualTo(16_000);
        double energy = 0;
        for (float s : audio.samples()) {
            energy += s * s;
        }
        assertThat(energy / audio.samples().length).isGreaterThan(1e-3);
    }

    @Test
    void badSettingsAreRefusedWithWhatIsWrong() {
        assertThatThrownBy(() -> new TranscribeSettings("small", null, 0, 20, 3, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("seconds must be > 0");
    }
}
