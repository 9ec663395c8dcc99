package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.assets.Assets;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.stream.StreamingTranscription;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled models on offer: the streaming model first (push-to-talk starts on it and streams),
 * then the demo model; each only when its model file is there.
 */
class BundledModelsTest {

    @TempDir Path assets;
    private final String before = System.getProperty(Assets.PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(Assets.PROPERTY);
        } else {
            System.setProperty(Assets.PROPERTY, before);
        }
    }

    @Test
    void theStreamingModelComesFirstWhenItIsBundled() throws Exception {
        System.setProperty(Assets.PROPERTY, assets.toString());
        Files.createDirectories(assets.resolve(ModelChoices.DEMO_MODEL));
        Files.writeString(
                assets.resolve(ModelChoices.DEMO_MODEL).resolve(Checkpoint.MODEL_FILE), "x");
        assertThat(ModelChoices.bundled())
                .extracting(ModelChoice::label)
                .containsExactly("Demo model");

        Files.createDirectories(assets.resolve(ModelChoices.STREAMING_MODEL));
        assertThat(ModelChoices.bundled())
                .as("a folder without its model file is not offered")
                .extracting(ModelChoice::label)
                .containsExactly("Demo model");
        Files.writeString(
                assets.resolve(ModelChoices.STREAMING_MODEL).resolve(Checkpoint.MODEL_FILE), "x");
        assertThat(ModelChoices.bundled())
                .extracting(ModelChoice::label)
                .containsExactly("Streaming model", "Demo model");
        assertThat(ModelChoices.bundled().get(0).checkpoint())
                .isEqualTo(assets.resolve(ModelChoices.STREAMING_MODEL));
        assertThat(ModelChoices.isBundled(ModelChoices.bundled().get(0))).isTrue();
    }

    @Test
    void theShippedStreamingModelIsPushToTalksDefaultAndStreams() throws Exception {
        System.setProperty(Assets.PROPERTY, Path.of("..", "assets").toString());
        ModelChoice first = ModelChoices.bundled().get(0);
        assertThat(first.label()).isEqualTo("Streaming model");

        TrainedModel model = TrainedModel.load(first.checkpoint());
        assertThat(StreamingTranscription.unsupported(model)).isEmpty();
        assertThat(ModelChoices.bundled()).extracting(ModelChoice::label).endsWith("Demo model");
    }
}
