package io.asrwb.engine.audio.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.testing.SoundDevices;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.TargetDataLine;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Capture on the real Java Sound: a clear message without a microphone (CI), and the sample maths. */
class MicrophoneCaptureTest {

    /** Asks Java Sound directly, not through the class under test. */
    private static boolean systemHasInput() {
        try {
            AudioFormat f = new AudioFormat(16000, 16, 1, true, false);
            TargetDataLine line = AudioSystem.getTargetDataLine(f);
            line.open(f);
            line.close();
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void withoutAMicrophoneSaysSoClearly() {
        SoundDevices.requireNone(systemHasInput(), "a capture line");
        assertThat(MicrophoneCapture.inputAvailable()).isFalse();
        assertThatThrownBy(() -> MicrophoneCapture.start((s, r, db) -> {}))
                .isInstanceOf(NoAudioDeviceException.class)
                .hasMessageStartingWith(
                        "No microphone found: connect one or check the system's sound settings");
    }

    @Test
    void stereoBigEndianIsAveragedToMono() {
        AudioFormat stereoBig = new AudioFormat(48000, 16, 2, true, true);
        // frame 0: left 16384 (0x4000), right -16384 (0xC000); frame 1: both 32767
        byte[] bytes = {0x40, 0x00, (byte) 0xC0, 0x00, 0x7f, (byte) 0xff, 0x7f, (byte) 0xff};
        float[] mono = CaptureSamples.toMono(bytes, bytes.length, stereoBig);
        assertThat(mono).containsExactly(0f, 32767f / 32768f);
    }

    @Test
    void littleEndianMonoKeepsEverySample() {
        AudioFormat mono16 = new AudioFormat(16000, 16, 1, true, false);
        byte[] bytes = {0x00, (byte) 0x80, 0x01, 0x00}; // -32768, 1
        assertThat(CaptureSamples.toMono(bytes, bytes.length, mono16))
                .containsExactly(-1f, 1f / 32768f);
    }

    @Test
    void levelIsRmsInDecibelsFullScale() {
        float[] sine = new float[16000];
        for (int i = 0; i < sine.length; i++) {
            sine[i] = (float) Math.sin(2 * Math.PI * 440 * i / 16000.0);
        }
        assertThat(MicrophoneCapture.levelDbfs(sine))
                .isCloseTo(-3.01, org.assertj.core.data.Offset.offset(0.02));
        assertThat(MicrophoneCapture.levelDbfs(new float[800]))
                .isEqualTo(MicrophoneCapture.SILENCE_DBFS);
    }
}
