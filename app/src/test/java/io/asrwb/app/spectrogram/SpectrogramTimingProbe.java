package io.asrwb.app.spectrogram;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Not a test: measures opening a 10-minute file (decode + features + first render) and logs the
 * figure. Run with {@code -Dtest=SpectrogramTimingProbe -Dasrwb.probe=true}; skipped otherwise.
 */
class SpectrogramTimingProbe {

    private static final Logger LOG = LoggerFactory.getLogger(SpectrogramTimingProbe.class);

    @Test
    @EnabledIfSystemProperty(named = "asrwb.probe", matches = "true")
    void tenMinuteFile() throws Exception {
        Path dir = Files.createTempDirectory("asrwb-probe");
        int rate = 16_000;
        float[] samples = new float[600 * rate];
        Random random = new Random(1);
        for (int i = 0; i < samples.length; i++) {
            samples[i] =
                    (float)
                            (0.3 * Math.sin(2 * Math.PI * (200 + (i / rate) % 40 * 50) * i / rate)
                                    + 0.05 * random.nextGaussian());
        }
        Path wav = dir.resolve("ten-minutes.wav");
        WavWriter.writePcm16(wav, samples, rate, 1);
        for (int run = 0; run < 4; run++) {
            SpectrogramViewModel vm = new SpectrogramViewModel(new CurrentThreadTaskRunner());
            vm.viewWidthProperty().set(1200);
            long t0 = System.nanoTime();
            vm.open(wav);
            long t1 = System.nanoTime();
            vm.scaleProperty().set(SpectrogramScale.LOG_MEL);
            long t2 = System.nanoTime();
            vm.zoomBy(8);
            long t3 = System.nanoTime();
            String line =
                    String.format(
                            "run %d: open 10-min linear %d ms, switch to log-mel %d ms,"
                                    + " zoom re-render %d ms, image %dx%d",
                            run,
                            (t1 - t0) / 1_000_000,
                            (t2 - t1) / 1_000_000,
                            (t3 - t2) / 1_000_000,
                            vm.imageProperty().get().width(),
                            vm.imageProperty().get().height());
            LOG.info(line);
            System.err.println("PROBE " + line);
        }
        Files.delete(wav);
        Files.delete(dir);
    }
}
