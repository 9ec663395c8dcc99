package io.asrwb.app.spectrogram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.tasks.BackgroundWork;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.RunningTask;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The viewer's model on a real WAV of a known sine, with real features and rendering. */
class SpectrogramViewModelTest {

    private static final int RATE = 16_000;
    private static final double SINE_HZ = 1000;
    private static final double AMPLITUDE = 0.5;

    @TempDir Path tmp;

    private Path sineWav(double seconds) throws Exception {
        float[] samples = new float[(int) (seconds * RATE)];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (float) (AMPLITUDE * Math.sin(2 * Math.PI * SINE_HZ * i / RATE));
        }
        Path file = tmp.resolve("sine.wav");
        WavWriter.writePcm16(file, samples, RATE, 1);
        return file;
    }

    private SpectrogramViewModel opened(Path file, int width) {
        SpectrogramViewModel vm = new SpectrogramViewModel(new CurrentThreadTaskRunner());
        vm.viewWidthProperty().set(width);
        vm.open(file);
        return vm;
    }

    /** The row (0 = bottom) of the loudest pixel in column {@code x}. */
    private static int loudestRow(SpectrogramImage img, int x) {
        int top = ColourMap.argb(255);
        for (int y = 0; y < img.height(); y++) {
            if (img.pixel(x, y) == top) {
                return img.height() - 1 - y;
            }
        }
        throw new AssertionError("no pixel at full level in column " + x);
    }

    @Test
    void linearImageHasOneRowPerBinAndPoolsFramesIntoTheViewWidth() throws Exception {
        SpectrogramViewModel vm = opened(sineWav(2.0), 100);
        SpectrogramImage img = vm.imageProperty().get();

        // 2 s at a 10 ms hop, centred frames: 201 frames pooled into 100 columns
        assertThat(img.width()).isEqualTo(100);
        assertThat(img.height()).isEqualTo(161);
        assertThat(img.argb()).hasSize(100 * 161);
        assertThat(img.framesPerColumn()).isEqualTo(2.01, within(1e-9));
        assertThat(img.startSeconds()).isZero();
        assertThat(img.endSeconds()).isEqualTo(2.0, within(0.011));
        assertThat(vm.framingProperty().get()).isEqualTo("window 20 ms · hop 10 ms · 161 bins");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void loudestLevelIsTheSinesMagnitudeAndItsRowIsItsFrequency() throws Exception {
        SpectrogramImage img = opened(sineWav(2.0), 100).imageProperty().get();

        // |X| at the sine's bin = A/2 · Σ window; a periodic Hamming of 320 samples sums to
        // 0.54·320
        double expectedDb = 20 * Math.log10(AMPLITUDE / 2 * 0.54 * 320);
        assertThat(img.maxDb()).isCloseTo(expectedDb, within(1.0));
        assertThat(img.minDb()).isEqualTo(img.maxDb() - SpectrogramRenderer.RANGE_DB, within(1e-9));
        int row = loudestRow(img, img.width() / 2);
        assertThat(img.axis().hzOfRow(row)).isCloseTo(SINE_HZ, within(50.0));
        assertThat(img.axis().rowOfHz(SINE_HZ)).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void logMelSwitchChangesTheRowsAndKeepsThePeakAtTheSine() throws Exception {
        SpectrogramViewModel vm = opened(sineWav(1.0), 50);
        int linearRows = vm.imageProperty().get().height();

        vm.scaleProperty().set(SpectrogramScale.LOG_MEL);
        SpectrogramImage img = vm.imageProperty().get();

        assertThat(img.height()).isEqualTo(64).isNotEqualTo(linearRows);
        assertThat(vm.framingProperty().get()).endsWith("64 mel bands");
        int row = loudestRow(img, img.width() / 2);
        assertThat(img.axis().hzOfRow(row)).isCloseTo(SINE_HZ, within(120.0));
        assertThat(img.axis().rowOfHz(img.axis().hzOfRow(row))).isCloseTo(row, within(1e-6));
    }

    @Test
    void aScaleSwitchedWhileTheFileOpensIsTheScaleShown() throws Exception {
        Deque<Runnable> queued = new ArrayDeque<>(); // a runner whose work runs when the test says
        CurrentThreadTaskRunner now = new CurrentThreadTaskRunner();
        TaskRunner later =
                new TaskRunner() {
                    @Override
                    public <T> RunningTask<T> run(
                            String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks) {
                        queued.add(() -> now.run(title, work, callbacks));
                        return null;
                    }
                };
        SpectrogramViewModel vm = new SpectrogramViewModel(later);
        vm.open(sineWav(1.0));
        vm.scaleProperty()
                .set(SpectrogramScale.LOG_MEL); // the user clicks Log-mel before it is open
        while (!queued.isEmpty()) {
            queued.poll().run();
        }
        assertThat(vm.imageProperty().get().height()).isEqualTo(64);
        assertThat(vm.framingProperty().get()).endsWith("64 mel bands");
    }

    @Test
    void zoomShowsAShorterSpanAndScrollMovesIt() throws Exception {
        SpectrogramViewModel vm = opened(sineWav(4.0), 100);

        vm.zoomBy(4);
        SpectrogramImage centre = vm.imageProperty().get();
        assertThat(centre.endSeconds() - centre.startSeconds()).isCloseTo(1.0, within(0.02));
        assertThat(centre.startSeconds()).isCloseTo(1.5, within(0.02));

        vm.scrollProperty().set(1);
        SpectrogramImage end = vm.imageProperty().get();
        assertThat(end.endSeconds()).isCloseTo(4.0, within(0.02));

        vm.zoomProperty().set(0.1);
        assertThat(vm.zoomProperty().get()).isEqualTo(1);
    }

    @Test
    void aMissingFileIsReportedNotThrown() {
        SpectrogramViewModel vm = opened(tmp.resolve("nope.wav"), 100);

        assertThat(vm.statusProperty().get()).startsWith("Cannot open").contains("nope.wav");
        assertThat(vm.imageProperty().get().isEmpty()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
    }
}
