package io.asrwb.app.waveform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.spectrogram.SpectrogramImage;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.testing.SoundDevices;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The envelope of a known WAV, and the waveform view model's zoom, seek and no-device message. */
class WaveformTest {

    @TempDir Path tmp;

    /** One second at 16 kHz: a 0.8 sine for half a second, then silence. */
    private Path knownWav() throws Exception {
        float[] pcm = new float[16000];
        for (int i = 0; i < 8000; i++) {
            pcm[i] = (float) (0.8 * Math.sin(2 * Math.PI * 400 * i / 16000.0));
        }
        Path wav = tmp.resolve("known.wav");
        WavWriter.writePcm16(wav, pcm, 16000, 1);
        return wav;
    }

    @Test
    void envelopeOfAKnownWavHasTheSineThenSilence() throws Exception {
        float[] samples = AudioFiles.loadNative(knownWav()).samples();
        WaveformEnvelope e =
                WaveformEnvelope.of(
                        samples, 0, samples.length, 100); // 160 samples = 4 periods a column

        assertThat(e.columns()).isEqualTo(100);
        for (int c = 0; c < 50; c++) {
            assertThat(e.max()[c]).isCloseTo(0.8f, within(0.01f));
            assertThat(e.min()[c]).isCloseTo(-0.8f, within(0.01f));
        }
        for (int c = 50; c < 100; c++) {
            assertThat(e.max()[c]).isEqualTo(0f);
            assertThat(e.min()[c]).isEqualTo(0f);
        }
        // zoomed in past one sample per column: each column shows the sample it falls on
        WaveformEnvelope close = WaveformEnvelope.of(samples, 10, 14, 8);
        assertThat(close.max()[0]).isEqualTo(samples[10]).isEqualTo(close.min()[0]);
        assertThat(close.max()[7]).isEqualTo(samples[13]);
    }

    @Test
    void zoomScrollAndSeekMoveTheWindowAndTheCursor() throws Exception {
        try (WaveformViewModel vm =
                new WaveformViewModel(new CurrentThreadTaskRunner(), new AudioPlayer())) {
            vm.setColumns(200);
            vm.load(knownWav());
            assertThat(vm.envelopeProperty().get().columns()).isEqualTo(200);
            assertThat(vm.viewLengthProperty().get()).isEqualTo(16000);

            vm.zoom(4, 0.5); // around the middle: samples 6000..10000
            assertThat(vm.viewStartProperty().get()).isEqualTo(6000);
            assertThat(vm.viewLengthProperty().get()).isEqualTo(4000);
            WaveformEnvelope e = vm.envelopeProperty().get();
            assertThat(e.fromSample()).isEqualTo(6000);
            assertThat(e.max()[0]).isGreaterThan(0.7f); // the sine
            assertThat(e.max()[199]).isEqualTo(0f); // the silence

            vm.scroll(10); // far right: clamped at the end
            assertThat(vm.viewStartProperty().get()).isEqualTo(12000);
            vm.seek(0.25);
            assertThat(vm.cursorProperty().get()).isEqualTo(13000);
            vm.zoomToFit();
            assertThat(vm.envelopeProperty().get().toSample()).isEqualTo(16000);
        }
    }

    @Test
    void theSpectrogramFollowsTheWaveformsWindow() throws Exception {
        try (WaveformViewModel vm =
                new WaveformViewModel(new CurrentThreadTaskRunner(), new AudioPlayer())) {
            vm.setColumns(200);
            vm.load(knownWav());
            SpectrogramImage whole = vm.spectrogramProperty().get();
            assertThat(whole.startSeconds()).isEqualTo(0);
            assertThat(whole.endSeconds()).isCloseTo(1.0, within(0.011));
            assertThat(whole.width())
                    .isEqualTo(100); // 101 frames of 10 ms pooled into ≤ 200 columns, one each
            // the 400 Hz sine's bin (400 / 50 Hz = row 8 from the bottom) is loud in the first
            // half, quiet after
            int row400 = whole.height() - 1 - 8;
            assertThat(brightness(whole.pixel(20, row400)))
                    .isGreaterThan(brightness(whole.pixel(80, row400)));

            vm.zoom(4, 0.5); // samples 6000..10000 = 0.375..0.625 s
            SpectrogramImage zoomed = vm.spectrogramProperty().get();
            assertThat(zoomed.startSeconds()).isCloseTo(0.37, within(0.011));
            assertThat(zoomed.endSeconds()).isCloseTo(0.63, within(0.011));
            vm.scroll(10);
            assertThat(vm.spectrogramProperty().get().endSeconds()).isCloseTo(1.0, within(0.011));

            vm.clear();
            assertThat(vm.spectrogramProperty().get()).isNull();
        }
    }

    private static int brightness(int argb) {
        return ((argb >> 16) & 0xff) + ((argb >> 8) & 0xff) + (argb & 0xff);
    }

    @Test
    @Tag(SoundDevices.NO_DEVICE_TAG)
    void playingWithoutASoundCardShowsAMessageNotAStackTrace() throws Exception {
        SoundDevices.requireNone(AudioPlayer.outputAvailable(16000), "a sound output");
        try (WaveformViewModel vm =
                new WaveformViewModel(new CurrentThreadTaskRunner(), new AudioPlayer())) {
            vm.load(knownWav());
            vm.play();
            assertThat(vm.playingProperty().get()).isFalse();
            assertThat(vm.messageProperty().get()).startsWith("No audio output device");
        }
    }

    @Test
    void anUnreadableClipSaysWhich() throws Exception {
        Path bad = tmp.resolve("bad.wav");
        java.nio.file.Files.writeString(bad, "not audio");
        try (WaveformViewModel vm =
                new WaveformViewModel(new CurrentThreadTaskRunner(), new AudioPlayer())) {
            vm.load(bad);
            assertThat(vm.audioProperty().get()).isNull();
            assertThat(vm.messageProperty().get()).startsWith("Cannot show").contains("bad.wav");
        }
    }
}
