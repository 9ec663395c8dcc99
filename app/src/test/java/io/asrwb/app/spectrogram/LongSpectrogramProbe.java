package io.asrwb.app.spectrogram;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.bench.LongAudioFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Not a test: opens a long file (default 3 hours, {@code -Dasrwb.probe.minutes=N}) in the viewer,
 * zooms in and out, and prints the times and the process's peak RSS. Run with
 * {@code -Dtest=LongSpectrogramProbe -Dasrwb.probe=true}; skipped otherwise.
 */
class LongSpectrogramProbe {

    @Test
    @EnabledIfSystemProperty(named = "asrwb.probe", matches = "true")
    void hoursOfAudio() throws Exception {
        int minutes = Integer.getInteger("asrwb.probe.minutes", 180);
        Path dir = Files.createTempDirectory("asrwb-probe");
        Path wav = dir.resolve("long.wav");
        LongAudioFile.write(wav, minutes * 60.0, Path.of("../assets/demo-corpus/demo.jsonl"), 0.4);
        print("wrote " + minutes + " min");
        SpectrogramViewModel vm = new SpectrogramViewModel(new CurrentThreadTaskRunner());
        vm.viewWidthProperty().set(1200);
        long t0 = System.nanoTime();
        vm.open(wav);
        long t1 = System.nanoTime();
        vm.zoomBy(256);
        vm.scrollProperty().set(0.5);
        long t2 = System.nanoTime();
        vm.scaleProperty().set(SpectrogramScale.LOG_MEL);
        long t3 = System.nanoTime();
        vm.zoomProperty().set(1);
        long t4 = System.nanoTime();
        print(
                String.format(
                        "open %d ms (long file: %s, frames in memory %d), zoom 256x + scroll %d ms,"
                                + " log-mel %d ms, zoom 1x %d ms, image %dx%d, status '%s'",
                        (t1 - t0) / 1_000_000,
                        vm.isLongFile(),
                        vm.framesInMemory(),
                        (t2 - t1) / 1_000_000,
                        (t3 - t2) / 1_000_000,
                        (t4 - t3) / 1_000_000,
                        vm.imageProperty().get().width(),
                        vm.imageProperty().get().height(),
                        vm.statusProperty().get()));
        print(
                Files.readAllLines(Path.of("/proc/self/status")).stream()
                        .filter(l -> l.startsWith("VmHWM") || l.startsWith("VmRSS"))
                        .toList()
                        .toString());
        Files.delete(wav);
        Files.deleteIfExists(Path.of(wav + ".txt"));
        Files.delete(dir);
    }

    private static void print(String line) {
        System.err.println("PROBE " + line);
    }
}
