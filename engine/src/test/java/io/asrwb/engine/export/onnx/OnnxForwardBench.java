package io.asrwb.engine.export.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/PERFORMANCE.md's ONNX figures, not a test: it runs only when asked for by name, from the
 * repository root:
 *
 * <pre>
 * nice -n 10 ./mvnw -B -o -pl engine -am test -Dtest=OnnxForwardBench \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dasrwb.bench=onnx
 * </pre>
 *
 * Exports the demo model (timed), then times the acoustic model alone on a 5.4 s clip (two demo
 * test clips end to end), features computed once: our forward pass (Transcriber, log-softmax
 * included) against ONNX Runtime (1 intra-op thread), median of 20 runs after 5 warm-ups each.
 */
class OnnxForwardBench {

    private static final Path ASSETS = Path.of("..", "assets");
    private static final int WARMUP = 5;
    private static final int RUNS = 20;

    @TempDir Path dir;

    @Test
    @EnabledIfSystemProperty(named = "asrwb.bench", matches = "onnx")
    void exportAndForward() throws Exception {
        TrainedModel model = TrainedModel.load(ASSETS.resolve("demo-model"));
        long t0 = System.nanoTime();
        OnnxExporter.Summary summary = OnnxExporter.export(model, dir.resolve("demo.onnx"));
        double exportSeconds = (System.nanoTime() - t0) / 1e9;

        Path clips = ASSETS.resolve("demo-corpus/audio/espeak-en-m8");
        PcmAudio a = AudioFiles.load(clips.resolve("espeak-en-m8-022.flac"));
        PcmAudio b = AudioFiles.load(clips.resolve("espeak-en-m8-000.flac"));
        float[] samples = Arrays.copyOf(a.samples(), a.samples().length + b.samples().length);
        System.arraycopy(b.samples(), 0, samples, a.samples().length, b.samples().length);
        PcmAudio clip = new PcmAudio(samples, a.sampleRate());
        Transcriber ours = Transcriber.greedy(model);
        float[][] features = new SpeechFeatures(model.config().features()).ofAudio(clip);
        java.util.List<float[]> window = java.util.List.of(AudioFiles.toModelRate(clip).samples());

        SpeechFeatures featurizer = new SpeechFeatures(model.config().features());
        double featuresMs = medianMs(() -> featurizer.ofAudio(clip));
        double oursMs = medianMs(() -> ours.logProbabilities(window));
        double ortMs;
        float[][] ortOut;
        try (OrtRunner ort = new OrtRunner(Files.readAllBytes(dir.resolve("demo.onnx")))) {
            ortMs = medianMs(() -> ort.logProbs(features));
            ortOut = ort.logProbs(features);
        }
        float[][] oursOut = ours.logProbabilities(window).get(0);
        double diff = OnnxExportTest.maxAbsDifference(oursOut, ortOut);
        System.out.printf(
                Locale.ROOT,
                "ONNX bench: export %.2f s (%.1f MB, %d params); %.2f s clip, %d frames -> %d;"
                        + " features %.1f ms; ours %.1f ms (features + forward + log-softmax), ORT"
                        + " %.1f ms (forward + log-softmax, 1 thread); max |diff| %.2e; ours: %s /"
                        + " ORT: %s%n",
                exportSeconds,
                summary.bytes() / 1e6,
                summary.parameters(),
                clip.durationSeconds(),
                features.length,
                ortOut.length,
                featuresMs,
                oursMs,
                ortMs,
                diff,
                ours.decode(oursOut),
                ours.decode(ortOut));
        assertThat(diff).isLessThan(1e-4);
    }

    private interface Timed {
        void run() throws Exception;
    }

    private static double medianMs(Timed timed) throws Exception {
        for (int i = 0; i < WARMUP; i++) {
            timed.run();
        }
        double[] ms = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t = System.nanoTime();
            timed.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return ms[RUNS / 2];
    }
}
