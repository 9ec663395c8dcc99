package io.asrwb.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bundled streaming model (assets/streaming-model, what push-to-talk starts on): it loads with
 * its LM and closed vocabulary, streams (latency-controlled LSTMs), and on held-out test voices
 * fed in 100 ms chunks gives the whole pass's text, which is the reference.
 */
class BundledStreamingModelTest {

    private static final Path MODEL = Path.of("../assets/streaming-model");
    private static final Path CORPUS = Path.of("../assets/demo-corpus");

    @ParameterizedTest
    @CsvSource({
        "audio/espeak-en-m8/espeak-en-m8-000.flac, two two nine eight",
        "audio/espeak-en-m8/espeak-en-m8-001.flac, move back three meters",
        "audio/espeak-en-029-victor/espeak-en-029-victor-002.flac,"
                + " five thousand six hundred seventy nine",
    })
    void heldOutVoicesStreamToTheirReference(String clip, String reference) throws Exception {
        TrainedModel model = TrainedModel.load(MODEL);
        assertThat(model.config().model())
                .isInstanceOfSatisfying(
                        Ds2Config.class, ds2 -> assertThat(ds2.chunkFrames()).isEqualTo(10));
        assertThat(StreamingTranscription.unsupported(model)).isEmpty();
        Transcriber transcriber = ModelDecoding.of(model).transcriber(model);
        PcmAudio audio = AudioFiles.load(CORPUS.resolve(clip));

        StreamingTranscription session =
                StreamingTranscription.start(transcriber, audio.sampleRate());
        int chunk = audio.sampleRate() / 10;
        for (int at = 0; at < audio.samples().length; at += chunk) {
            session.accept(
                    Arrays.copyOfRange(
                            audio.samples(), at, Math.min(audio.samples().length, at + chunk)));
        }
        String streamed = session.finish();

        assertThat(streamed).isEqualTo(transcriber.transcribe(audio)).isEqualTo(reference);
    }
}
