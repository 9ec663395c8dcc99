package io.asrwb.engine.export.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled demo model (conv + BatchNorm + Hardtanh, two BiLSTMs summed with sequence-wise
 * BatchNorm between them) exported to ONNX and run in ONNX Runtime on real clips of the demo
 * corpus: the same log-probabilities as our own forward pass, within 1e-4.
 */
class OnnxExportTest {

    private static final Path ASSETS = Path.of("..", "assets");
    private static final List<String> CLIPS =
            List.of(
                    "audio/espeak-en-m8/espeak-en-m8-022.flac", // 4.1 s
                    "audio/espeak-en-m8/espeak-en-m8-002.flac", // 0.8 s
                    "audio/espeak-en-m8/espeak-en-m8-001.flac");

    @TempDir Path dir;

    @Test
    void demoModelInOnnxRuntimeMatchesOurForwardPassOnRealClips() throws Exception {
        TrainedModel model = TrainedModel.load(ASSETS.resolve("demo-model"));
        Path file = dir.resolve("demo.onnx");

        OnnxExporter.Summary summary = OnnxExporter.export(model, file);

        assertThat(summary.bytes()).isEqualTo(Files.size(file));
        Transcriber ours = Transcriber.greedy(model);
        SpeechFeatures features = new SpeechFeatures(model.config().features());
        try (OrtRunner ort = new OrtRunner(Files.readAllBytes(file))) {
            Map<String, String> meta = ort.metadata();
            assertThat(meta.get(OnnxExporter.META_ALPHABET)).startsWith("[\"\",\" \",\"'\",\"a\"");
            assertThat(meta.get(OnnxExporter.META_FEATURES)).contains("\"n_mels\":40", "logmel");
            assertThat(meta.get(OnnxExporter.META_FEATURE_COUNT)).isEqualTo("40");
            for (String clip : CLIPS) {
                Path audio = ASSETS.resolve("demo-corpus").resolve(clip);
                float[][] expected = ours.logProbabilities(audio);
                float[][] actual = ort.logProbs(features.ofFile(audio));
                assertThat(actual.length).as(clip).isEqualTo(expected.length);
                assertThat(maxAbsDifference(expected, actual)).as(clip).isLessThan(1e-4);
                assertThat(ours.decode(actual))
                        .as(clip)
                        .isEqualTo(ours.decode(expected))
                        .isNotBlank();
            }
        }
    }

    static double maxAbsDifference(float[][] a, float[][] b) {
        double max = 0;
        for (int t = 0; t < a.length; t++) {
            assertThat(b[t]).hasSameSizeAs(a[t]);
            for (int k = 0; k < a[t].length; k++) {
                max = Math.max(max, Math.abs(a[t][k] - b[t][k]));
            }
        }
        return max;
    }
}
