package io.asrwb.engine.audio.pitch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PitchTrackerTest {

    private static final int RATE = 16_000;

    @Test
    void steadyToneIsTrackedWithinOnePercent() {
        for (double hz : new double[] {110, 220, 440}) {
            PitchTrack track = new PitchTracker().track(tone(hz, 1.0));
            assertThat(track.voiced().size()).as("%s Hz voiced frames", hz).isGreaterThan(80);
            for (PitchFrame f : track.voiced()) {
                assertThat(f.hz())
                        .as("%s Hz at %.2f s", hz, f.timeSeconds())
                        .isCloseTo(hz, within(hz * 0.01));
            }
        }
    }

    @Test
    void glideFollowsTheInstantaneousFrequency() {
        double from = 120;
        double to = 240;
        double seconds = 1.0;
        float[] s = new float[(int) (seconds * RATE)];
        double phase = 0;
        for (int i = 0; i < s.length; i++) {
            phase += 2 * Math.PI * glideHz(from, to, seconds, (double) i / RATE) / RATE;
            s[i] = (float) (0.5 * Math.sin(phase));
        }
        PitchTrack track = new PitchTracker().track(new PcmAudio(s, RATE));
        assertThat(track.voiced().size()).isGreaterThan(80);
        for (PitchFrame f : track.voiced()) {
            double expected = glideHz(from, to, seconds, f.timeSeconds());
            assertThat(f.hz())
                    .as("at %.3f s", f.timeSeconds())
                    .isCloseTo(expected, within(expected * 0.03));
        }
    }

    @Test
    void noiseAndSilenceHaveNoPitch() {
        Random random = new Random(3);
        float[] noise = new float[RATE];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = (float) (0.3 * random.nextGaussian());
        }
        PitchTrack noisy = new PitchTracker().track(new PcmAudio(noise, RATE));
        assertThat(noisy.frames()).hasSizeGreaterThan(80);
        assertThat(noisy.voiced().size()).as("voiced frames in white noise").isLessThanOrEqualTo(2);
        assertThat(new PitchTracker().track(new PcmAudio(new float[RATE], RATE)).voiced())
                .isEmpty();
    }

    @Test
    void framesAreTenMillisecondsApartAndCentred() {
        PitchTrack track = new PitchTracker().track(tone(200, 0.5));
        List<PitchFrame> f = track.frames();
        assertThat(track.hopSeconds()).isCloseTo(0.010, within(1e-9));
        assertThat(f.get(1).timeSeconds() - f.get(0).timeSeconds()).isCloseTo(0.010, within(1e-9));
        assertThat(f.get(0).timeSeconds()).isGreaterThan(0);
    }

    @Test
    void demoCorpusVoiceHasAPlausibleSpeakingPitch() throws Exception {
        PcmAudio clip =
                AudioFiles.load(
                        Path.of(
                                "../assets/demo-corpus/audio/espeak-en-us-m1/espeak-en-us-m1-000.flac"));
        PitchTrack track = new PitchTracker().track(clip);
        assertThat(track.voiced().size())
                .as("voiced share of a spoken clip")
                .isGreaterThan(track.frames().size() / 5);
        assertThat(track.medianHz().orElseThrow()).isBetween(70.0, 300.0);
    }

    private static double glideHz(double from, double to, double seconds, double t) {
        return from + (to - from) * t / seconds;
    }

    private static PcmAudio tone(double hz, double seconds) {
        float[] s = new float[(int) (seconds * RATE)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (float) (0.5 * Math.sin(2 * Math.PI * hz * i / RATE));
        }
        return new PcmAudio(s, RATE);
    }
}
