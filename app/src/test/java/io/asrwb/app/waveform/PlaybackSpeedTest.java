package io.asrwb.app.waveform;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.testing.SoundDevices;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleStringProperty;
import org.junit.jupiter.api.Test;

/**
 * Slow playback on a real output line (a sound card or PulseAudio's null sink, see
 * pulse-null-sink.sh; skipped without one, as on CI): the cursor stays in the clip's own samples
 * while the stretched clip plays, and ends at the clip's end, not the stretched one's.
 */
class PlaybackSpeedTest {

    @Test
    void atHalfSpeedTheCursorMovesOverTheClipNotOverTheStretchedAudio() throws Exception {
        SoundDevices.requireSome(AudioPlayer.outputAvailable(16_000), "sound output");
        float[] tone = new float[8_000];
        for (int i = 0; i < tone.length; i++) {
            tone[i] = (float) (0.1 * Math.sin(2 * Math.PI * 440 * i / 16_000.0));
        }
        try (Playback playback = new Playback(new AudioPlayer(), new SimpleStringProperty(""))) {
            playback.speed.set(0.5);
            playback.play(new PcmAudio(tone, 16_000));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long highest = 0;
            while (playback.playing.get() && System.nanoTime() < deadline) {
                playback.poll();
                highest = Math.max(highest, playback.cursor.get());
                Thread.sleep(10);
            }
            assertThat(playback.playing.get()).as("finished").isFalse();
            assertThat(highest).isLessThanOrEqualTo(tone.length);
            assertThat(playback.cursor.get()).isEqualTo(tone.length);
        }
    }
}
