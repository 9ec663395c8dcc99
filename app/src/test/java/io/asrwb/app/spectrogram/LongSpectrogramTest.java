package io.asrwb.app.spectrogram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long file in the viewer (the bound lowered to 60 s so a 6-minute file counts): an overview
 * of bounded size, and zoomed-in views computed on demand that look exactly as the whole-file
 * viewer draws them.
 */
class LongSpectrogramTest {

    private static final int RATE = 16_000;

    @TempDir Path tmp;

    private Path chirps(double seconds) throws Exception {
        float[] samples = new float[(int) (seconds * RATE)];
        Random random = new Random(7);
        for (int i = 0; i < samples.length; i++) {
            double f = 300 + (i / RATE) % 30 * 100;
            samples[i] =
                    (float)
                            (0.4 * Math.sin(2 * Math.PI * f * i / RATE)
                                    + 0.01 * random.nextGaussian());
        }
        Path file = tmp.resolve("long.wav");
        WavWriter.writePcm16(file, samples, RATE, 1);
        return file;
    }

    private static SpectrogramViewModel vm(double longSeconds) {
        SpectrogramViewModel vm =
                new SpectrogramViewModel(new CurrentThreadTaskRunner(), longSeconds);
        vm.viewWidthProperty().set(900);
        return vm;
    }

    @Test
    void aLongFileKeepsAnOverviewNotTheWholeMatrix() throws Exception {
        // 11 minutes: 66 000 frames, more than a detail view computes, so drawn from an overview of
        // 13 200 (5 frames each).
        Path wav = chirps(660);
        SpectrogramViewModel vm = vm(60);
        vm.open(wav);

        assertThat(vm.isLongFile()).isTrue();
        assertThat(vm.durationSeconds()).isCloseTo(660, within(1e-6));
        assertThat(vm.framesInMemory()).isLessThanOrEqualTo(LongSpectrogram.OVERVIEW_FRAMES);
        SpectrogramImage img = vm.imageProperty().get();
        assertThat(img.isEmpty()).isFalse();
        assertThat(img.width()).isLessThanOrEqualTo(900);
        assertThat(img.startSeconds()).isZero();
        assertThat(img.endSeconds()).isCloseTo(660, within(0.05));
        assertThat(img.framesPerColumn()).isGreaterThan(1); // pooled overview frames
        assertThat(vm.statusProperty().get()).contains("long file");
    }

    @Test
    void zoomedInALongFileLooksAsTheWholeFileViewerDrawsIt() throws Exception {
        Path wav = chirps(360);
        SpectrogramViewModel whole = vm(Double.MAX_VALUE);
        SpectrogramViewModel longVm = vm(60);
        whole.open(wav);
        longVm.open(wav);
        assertThat(whole.isLongFile()).isFalse();

        for (SpectrogramScale scale : SpectrogramScale.values()) {
            for (SpectrogramViewModel v : new SpectrogramViewModel[] {whole, longVm}) {
                v.scaleProperty().set(scale);
                v.zoomBy(16);
                v.scrollProperty().set(0.37);
            }
            SpectrogramImage a = whole.imageProperty().get();
            SpectrogramImage b = longVm.imageProperty().get();
            assertThat(b.width()).isEqualTo(a.width());
            assertThat(b.startSeconds()).isCloseTo(a.startSeconds(), within(1e-9));
            assertThat(b.endSeconds()).isCloseTo(a.endSeconds(), within(1e-9));
            assertThat(b.argb()).as(scale.toString()).containsExactly(a.argb());
            whole.zoomProperty().set(1);
            longVm.zoomProperty().set(1);
        }
    }

    @Test
    void theTemporarySamplesGoAwayWhenAnotherFileOpens() throws Exception {
        Path wav = chirps(120);
        try (Stream<Path> before = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            long count =
                    before.filter(p -> p.getFileName().toString().startsWith("asrwb-spectrogram-"))
                            .count();
            SpectrogramViewModel vm = vm(60);
            vm.open(wav);
            assertThat(spectrogramTemps()).isEqualTo(count + 1);
            vm.open(wav);
            assertThat(spectrogramTemps()).isEqualTo(count + 1);
        }
    }

    private static long spectrogramTemps() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("asrwb-spectrogram-"))
                    .count();
        }
    }
}
