package io.asrwb.inference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The packed jar on its own: the README's example, compiled and run by a fresh JVM whose class path
 * is that jar only, transcribes a demo clip with the demo model; and the jar holds no UI, CLI,
 * catalog database or trainer.
 */
class InferenceJarIT {

    /** Failsafe runs in inference/. */
    private static final Path JAR = Path.of("target", "asrwb-inference.jar");

    private static final Path ASSETS = Path.of("..", "assets");

    /**
     * The only classes of {@code engine.train} the jar keeps: a checkpoint's model configuration
     * names them (DL4J reads them back by class name), so no checkpoint loads without them.
     */
    private static final List<String> NAMED_BY_CHECKPOINTS =
            List.of(
                    "io/asrwb/engine/train/StepLearningRate",
                    "io/asrwb/engine/train/schedule/",
                    "io/asrwb/engine/train/finetune/FrozenUpdater");

    @Test
    void theReadmeExampleTranscribesWithTheJarAlone() throws Exception {
        Path example = Path.of("src", "test", "resources", "TranscribeExample.java");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process =
                new ProcessBuilder(
                                java.toString(),
                                "-cp",
                                JAR.toString(),
                                example.toString(),
                                ASSETS.resolve("demo-model").toString(),
                                ASSETS.resolve(
                                                "demo-corpus/audio/espeak-en-m8/espeak-en-m8-022.flac")
                                        .toString())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("number seven one three six six six zero four six two");
    }

    @Test
    void holdsNoUiCliCatalogOrTrainer() throws IOException {
        List<String> forbidden = new ArrayList<>();
        try (ZipFile zip = new ZipFile(JAR.toFile())) {
            zip.stream()
                    .map(e -> e.getName())
                    .filter(
                            name ->
                                    name.startsWith("javafx/")
                                            || name.startsWith("org/h2/")
                                            || name.startsWith("picocli/")
                                            || name.startsWith("org/apache/spark/")
                                            || name.startsWith("org/deeplearning4j/parallelism/")
                                            || name.startsWith("io/asrwb/engine/cli/")
                                            || trainerClass(name)
                                            || name.startsWith("io/asrwb/engine/curve/")
                                            || name.startsWith("io/asrwb/app/"))
                    .forEach(forbidden::add);
        }
        assertThat(forbidden).isEmpty();
        assertThat(Files.size(JAR)).isPositive();
    }

    private static boolean trainerClass(String name) {
        return name.startsWith("io/asrwb/engine/train/")
                && !name.endsWith("/")
                && NAMED_BY_CHECKPOINTS.stream().noneMatch(name::startsWith);
    }
}
