package io.asrwb.engine.audio.vad;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.PcmAudio;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpeechDetectorTest {

    @Test
    void energyVadFindsTheClipsOfAQuietRoomWithinATenthOfASecond() throws Exception {
        SpokenFile file = SpokenFile.build(60, 0.001, 0.1, 1);
        SpanAgreement a =
                SpanAgreement.of(
                        file.truth(), EnergyVad.speechDefaults().speechSpans(file.audio()));
        assertThat(file.truth()).hasSizeGreaterThan(10);
        assertThat(a.recall()).as("recall %s", a).isGreaterThanOrEqualTo(0.95);
        assertThat(a.precision()).as("precision %s", a).isGreaterThanOrEqualTo(0.95);
        assertThat(a.meanBoundaryErrorMs()).as("boundary error %s", a).isLessThan(100);
    }

    @Test
    void energyVadAdaptsToARoomWhereTarsosFixedThresholdHearsSpeechEverywhere() throws Exception {
        SpokenFile file = SpokenFile.build(60, 0.0056, 0.3, 2);
        SpanAgreement energy =
                SpanAgreement.of(
                        file.truth(), EnergyVad.speechDefaults().speechSpans(file.audio()));
        List<SpeechSpan> tarsos = TarsosSilenceVad.tarsosDefaults().speechSpans(file.audio());
        SpanAgreement fixed = SpanAgreement.of(file.truth(), tarsos);
        assertThat(energy.recall()).as("energy %s", energy).isGreaterThanOrEqualTo(0.8);
        assertThat(fixed.recall()).as("tarsos %s", fixed).isLessThan(0.1);
    }

    @Test
    void noiseAloneAndDigitalSilenceHaveNoSpeech() {
        Random random = new Random(4);
        float[] noise = new float[16_000 * 5];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = (float) (0.01 * random.nextGaussian());
        }
        assertThat(EnergyVad.speechDefaults().speechSpans(new PcmAudio(noise, 16_000))).isEmpty();
        assertThat(EnergyVad.speechDefaults().speechSpans(new PcmAudio(new float[16_000], 16_000)))
                .isEmpty();
        assertThat(
                        TarsosSilenceVad.tarsosDefaults()
                                .speechSpans(new PcmAudio(new float[16_000], 16_000)))
                .isEmpty();
    }

    @Test
    void shortPausesAreBridgedAndClicksDropped() {
        FrameSpans smoothing = new FrameSpans(0.30, 0.10, 0.0);
        boolean[] f = new boolean[200];
        fill(f, 10, 60); // 0.10-0.60 s
        fill(f, 80, 120); // pause of 0.19 s: bridged
        fill(f, 160, 164); // 40 ms click after a long pause: dropped
        List<SpeechSpan> spans = smoothing.spans(f, 0.01, 0.01, 2.0);
        assertThat(spans).containsExactly(new SpeechSpan(0.10, 1.20));
    }

    @Test
    void agreementCountsOneToOneMatchesAndTheirBoundaryError() {
        List<SpeechSpan> truth = List.of(new SpeechSpan(1, 2), new SpeechSpan(3, 4));
        List<SpeechSpan> found = List.of(new SpeechSpan(1.02, 2.04), new SpeechSpan(5, 6));
        SpanAgreement a = SpanAgreement.of(truth, found);
        assertThat(a.matched()).isEqualTo(1);
        assertThat(a.precision()).isEqualTo(0.5);
        assertThat(a.recall()).isEqualTo(0.5);
        assertThat(a.meanBoundaryErrorMs())
                .isCloseTo(30.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    private static void fill(boolean[] f, int from, int to) {
        for (int i = from; i < to; i++) {
            f[i] = true;
        }
    }
}
