package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * On release, the text a streaming session decoded while the key was held stands only while the
 * decoder bar still has the settings it was decoded with; moved settings decode the clip again.
 */
class StreamedTextTest {

    @Test
    void theStreamedTextStandsOnlyForTheSettingsItWasDecodedWith() throws Exception {
        Path checkpoint = TinyRun.get().latestCheckpoint();
        Transcriber transcriber = Transcriber.greedy(TrainedModel.load(checkpoint));
        float[][] logProbabilities =
                transcriber.logProbabilities(AudioFiles.load(TinyRun.demoAudio()));
        DecoderControls decoding = new DecoderControls();
        DecoderControls.Snapshot greedy = decoding.snapshot();
        ClipTranscription.Heard heard =
                new ClipTranscription.Heard(logProbabilities, "as streamed", greedy);

        assertThat(heard.textWith(decoding, transcriber, greedy)).isEqualTo("as streamed");

        decoding.kindProperty().set(DecoderSettings.Kind.BEAM);
        DecoderControls.Snapshot beam = decoding.snapshot();
        assertThat(heard.textWith(decoding, transcriber, beam))
                .isEqualTo(decoding.decode(transcriber, logProbabilities, beam))
                .isNotEqualTo("as streamed");
        assertThat(
                        ClipTranscription.Heard.acoustic(logProbabilities)
                                .textWith(decoding, transcriber, greedy))
                .isEqualTo(transcriber.decode(logProbabilities));
    }
}
