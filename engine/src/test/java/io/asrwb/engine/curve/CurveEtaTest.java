package io.asrwb.engine.curve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ETA: measured seconds per audio second times the audio the points left will train on. */
class CurveEtaTest {

    @Test
    void scalesTheMeasuredRateByThePlannedAudioOfThePointsLeft() throws Exception {
        RunConfig tiny = Presets.load("tiny");
        RunConfig byEpochs = tiny.withTrain(tiny.train().withMaxSteps(0));
        int epochs = byEpochs.train().epochs();
        CurvePoint first =
                new CurvePoint(
                        0.5, "a", 10, 0, 0.01, CurvePoint.Status.DONE, 0.5, 0.2, 72, 36 * epochs);
        CurvePoint second =
                new CurvePoint(1, "b", 20, 0, 0.02, CurvePoint.Status.PENDING, null, null, 0, 0);
        CurveState state = new CurveState(1, "d", "utterance", 1, "test", List.of(first, second));

        // measured: 72 s for 36·epochs audio-s; left: 72·epochs audio-s
        assertThat(CurveEta.secondsLeft(state, byEpochs).getAsDouble())
                .isCloseTo(144, within(1e-6));
        CurveState nothingMeasured =
                new CurveState(1, "d", "utterance", 1, "test", List.of(second));
        assertThat(CurveEta.secondsLeft(nothingMeasured, byEpochs)).isEmpty();
        assertThat(CurveEta.format(75)).isEqualTo("1 min 15 s");
        assertThat(CurveEta.format(4000)).isEqualTo("1 h 06 min");
    }
}
