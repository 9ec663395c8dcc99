package io.asrwb.engine.audio.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.testing.SoundDevices;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.SourceDataLine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Playback on the real Java Sound: a clear message without a sound card (CI), real playback with one. */
class AudioPlayerTest {

    /** Asks Java Sound directly, not through the class under test. */
    private static boolean systemHasOutput() {
        try {
            AudioFormat f = new AudioFormat(16000, 16, 1, true, false);
            SourceDataLine line = AudioSystem.getSourceDataLine(f);
            line.open(f);
            line.close();
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void withoutAnOutputDeviceSaysSoClearly() {
        SoundDevices.requireNone(systemHasOutput(), "a sound output");
        assertThat(AudioPlayer.outputAvailable(16000)).isFalse();
        try (AudioPlayer player = new AudioPlayer()) {
            assertThatThrownBy(() -> player.play(new PcmAudio(new float[1600], 16000), 0, null))
                    .isInstanceOf(NoAudioDeviceException.class)
                    .hasMessageStartingWith("No audio output device")
                    .hasMessageContaining("16000 Hz")
                    .hasMessageContaining("Connect speakers");
            assertThat(player.isPlaying()).isFalse();
        }
    }

    @Test
    void withAnOutputDevicePlaysToTheEndAndReportsPositions() throws Exception {
        SoundDevices.requireSome(systemHasOutput(), "sound output");
        CountDownLatch finished = new CountDownLatch(1);
        AtomicLong last = new AtomicLong(-1);
        AtomicLong end = new AtomicLong(-1);
        try (AudioPlayer player = new AudioPlayer()) {
            player.play(
                    new PcmAudio(new float[8000], 16000),
                    4000,
                    new AudioPlayer.Listener() {
                        @Override
                        public void position(long sample) {
                            last.set(sample);
                        }

                        @Override
                        public void finished(long sample, boolean stopped) {
                            end.set(sample);
                            finished.countDown();
                        }
                    });
            assertThat(finished.await(5, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(last.get()).isBetween(4000L, 8000L);
        assertThat(end.get()).isEqualTo(8000);
    }
}
