package io.asrwb.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.Resampler;
import io.asrwb.engine.config.FeatureStats;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.decode.Transcript;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.model.LookaheadTaps;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real clip fed in chunks through the streaming preset's model (fresh weights, batch norm
 * included) gives the log-probabilities of the whole-utterance forward pass, at the model's rate
 * and through the resampler; a bidirectional model is refused with the reason.
 */
class StreamingTranscriptionTest {

    private static final Path CLIP =
            Path.of("../assets/demo-corpus/audio/espeak-en-f2/espeak-en-f2-000.flac");

    private static Transcriber transcriber;
    private static PcmAudio clip;

    @BeforeAll
    static void model() throws Exception {
        transcriber = Transcriber.greedy(freshModel("streaming", 7));
        clip = AudioFiles.load(CLIP);
    }

    @Test
    void chunksGiveTheWholeUtterancesLogProbabilities() {
        float[][] whole = transcriber.logProbabilities(clip);
        for (int chunk : new int[] {1600, 777, 160_000}) {
            StreamingTranscription session =
                    StreamingTranscription.start(transcriber, clip.sampleRate());
            List<Integer> framesSeen = new ArrayList<>();
            for (int at = 0; at < clip.samples().length; at += chunk) {
                float[] part =
                        Arrays.copyOfRange(
                                clip.samples(), at, Math.min(clip.samples().length, at + chunk));
                session.accept(part);
                framesSeen.add(session.logProbabilities().length);
            }
            String text = session.finish();

            assertFramesClose(session.logProbabilities(), whole, "chunk " + chunk);
            assertThat(text).isEqualTo(transcriber.decode(whole));
            if (chunk == 1600) {
                // output arrives while the audio does, not all at the end
                assertThat(framesSeen.get(framesSeen.size() / 2)).isGreaterThan(whole.length / 3);
            }
        }
    }

    @Test
    void theBeamSearchAdvancedWhileAudioArrivesEndsAsTheWholeDecodeWithTheLm() throws Exception {
        // The demo model's trigram (its 61 words) over the same alphabet: the search and the LM
        // run chunk by chunk, and release leaves them the last frames and the ranking only.
        Transcriber withLm =
                Transcriber.beam(
                        transcriber.model(), 8, Path.of("../assets/demo-model/lm.arpa"), 0.75, 2.0);
        float[][] whole = withLm.logProbabilities(clip);
        Transcript expected = withLm.decoder().decode(whole);
        for (int chunk : new int[] {1600, 160_000}) {
            StreamingTranscription session = fed(withLm, chunk);
            assertThat(session.finish()).as("chunk " + chunk).isEqualTo(withLm.decode(whole));
        }
        // and the decoder's own session, row by row, is its decode: text, score and timings
        Decoder.Session rows = withLm.decoder().session();
        for (float[] row : whole) {
            rows.advance(row);
        }
        assertThat(rows.finish(whole)).isEqualTo(expected);
        assertThat(expected.text()).isNotBlank();
    }

    @Test
    void theRunningMeanIsCarriedFromChunkToChunkAsTheWholePathCarriesIt() throws Exception {
        RunConfig running =
                RunConfigYaml.standard()
                        .read("preset: streaming\nfeatures:\n  normalisation: running\n", "test");
        Transcriber normalised = Transcriber.greedy(freshModel(running, 7));
        assertThat(StreamingTranscription.unsupported(normalised.model())).isEmpty();
        // louder by 12 dB: the running mean takes the level away, so the frames stay the same
        float[] louder = clip.samples().clone();
        for (int i = 0; i < louder.length; i++) {
            louder[i] *= 3.98f;
        }
        float[][] whole = normalised.logProbabilities(clip);
        float[][] wholeLouder = normalised.logProbabilities(new PcmAudio(louder, 16_000));
        for (int chunk : new int[] {1600, 777}) {
            StreamingTranscription session = fed(normalised, chunk);
            session.finish();
            assertFramesClose(session.logProbabilities(), whole, "running mean, chunk " + chunk);
        }
        assertFramesClose(wholeLouder, whole, "12 dB louder");
    }

    @Test
    void runningCmvnStartsFromTheTrainingSetsStatisticsInEveryChunkAsInTheWholePath()
            throws Exception {
        RunConfig untrained =
                RunConfigYaml.standard()
                        .read(
                                "preset: streaming\nfeatures:\n  normalisation: running_cmvn\n",
                                "test");
        assertThatThrownBy(
                        () -> new SpeechFeatures(untrained.features()).ofSamples(new float[1600]))
                .hasMessageContaining("features.global_stats is empty: train fills it in");
        int bins = untrained.features().featureCount();
        List<Double> mean = new ArrayList<>();
        List<Double> stddev = new ArrayList<>();
        for (int k = 0; k < bins; k++) {
            mean.add(-8.0 + 0.1 * k);
            stddev.add(2.0 + 0.01 * k);
        }
        RunConfig cmvn =
                untrained.withFeatures(
                        untrained.features().withGlobalStats(new FeatureStats(mean, stddev)));
        Transcriber normalised = Transcriber.greedy(freshModel(cmvn, 7));
        assertThat(StreamingTranscription.unsupported(normalised.model())).isEmpty();
        float[][] whole = normalised.logProbabilities(clip);
        for (int chunk : new int[] {1600, 777}) {
            StreamingTranscription session = fed(normalised, chunk);
            session.finish();
            assertFramesClose(session.logProbabilities(), whole, "running cmvn, chunk " + chunk);
        }
    }

    @Test
    void aLookaheadConvolutionStreamsAsTheWholePassRunsItAndHoldsBackItsFrames() throws Exception {
        RunConfig ahead =
                RunConfigYaml.standard()
                        .read("preset: streaming\nmodel:\n  lookahead_frames: 3\n", "test");
        TrainedModel model = freshModel(ahead, 7);
        LookaheadTaps.drawAtRandom(model.graph(), 7);
        Transcriber withLookahead = Transcriber.greedy(model);
        // each frame waits for the 3 LSTM frames after it, and for no more
        assertStreamsBehindThePlainModel(
                withLookahead, arrived -> Math.max(0, arrived - 3), "lookahead");
    }

    @Test
    void aLatencyControlledModelStreamsAsTheWholePassRunsItChunkByChunk() throws Exception {
        // bidirectional LSTMs whose backward direction runs over chunks of 5 frames hearing 3 more
        RunConfig chunked =
                RunConfigYaml.standard()
                        .read(
                                "preset: streaming\nmodel:\n  bidirectional: true\n"
                                        + "  rnn_layers: 2\n  chunk_frames: 5\n"
                                        + "  chunk_lookahead_frames: 3\n",
                                "test");
        Transcriber lc = Transcriber.greedy(freshModel(chunked, 7));
        assertThat(StreamingTranscription.unsupported(lc.model())).isEmpty();
        // each layer lets a chunk's frames out together once the 3 after it have arrived
        assertStreamsBehindThePlainModel(
                lc, arrived -> keptOfChunks(keptOfChunks(arrived)), "chunked LSTMs");
    }

    /**
     * Feeds the clip to {@code model} and to the plain streaming model (the same front end) in
     * chunks of two sizes: after each chunk {@code model} has let out {@code expected(plain
     * frames)} frames, and in the end the whole pass's.
     */
    private static void assertStreamsBehindThePlainModel(
            Transcriber model, java.util.function.IntUnaryOperator expected, String what) {
        float[][] whole = model.logProbabilities(clip);
        for (int chunk : new int[] {1600, 777}) {
            StreamingTranscription plain = StreamingTranscription.start(transcriber, 16_000);
            StreamingTranscription session = StreamingTranscription.start(model, clip.sampleRate());
            for (int at = 0; at < clip.samples().length; at += chunk) {
                float[] part =
                        Arrays.copyOfRange(
                                clip.samples(), at, Math.min(clip.samples().length, at + chunk));
                plain.accept(part);
                session.accept(part);
                assertThat(session.logProbabilities().length)
                        .as(what + ", chunk " + chunk + " at sample " + at)
                        .isEqualTo(expected.applyAsInt(plain.logProbabilities().length));
            }
            session.finish();
            assertFramesClose(session.logProbabilities(), whole, what + ", chunk " + chunk);
        }
    }

    @Test
    void audioAtTheMicrophonesRateIsResampledAsTheWholePathResamplesIt() {
        PcmAudio at44k =
                new PcmAudio(new Resampler(16_000, 44_100).process(clip.samples()), 44_100);
        float[][] whole = transcriber.logProbabilities(at44k);
        StreamingTranscription session = StreamingTranscription.start(transcriber, 44_100);
        for (int at = 0; at < at44k.samples().length; at += 4410) {
            session.accept(
                    Arrays.copyOfRange(
                            at44k.samples(), at, Math.min(at44k.samples().length, at + 4410)));
        }
        session.finish();

        assertFramesClose(session.logProbabilities(), whole, "44.1 kHz");
    }

    @Test
    void aBidirectionalModelIsRefusedWithTheReason() {
        TrainedModel tiny = freshModel("tiny", 1);

        assertThat(StreamingTranscription.unsupported(tiny)).isPresent();
        assertThatThrownBy(() -> StreamingTranscription.start(Transcriber.greedy(tiny), 16_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot transcribe while audio arrives");
        assertThat(StreamingTranscription.unsupported(transcriber.model())).isEmpty();
    }

    /** Frames a latency-controlled layer (chunks of 5, 3 heard after) has let out of {@code in}. */
    private static int keptOfChunks(int in) {
        return in < 3 ? 0 : (in - 3) / 5 * 5;
    }

    /** A session of {@code t} that has taken the clip in chunks of {@code chunk} samples. */
    private static StreamingTranscription fed(Transcriber t, int chunk) {
        StreamingTranscription session = StreamingTranscription.start(t, clip.sampleRate());
        for (int at = 0; at < clip.samples().length; at += chunk) {
            session.accept(
                    Arrays.copyOfRange(
                            clip.samples(), at, Math.min(clip.samples().length, at + chunk)));
        }
        return session;
    }

    private static void assertFramesClose(float[][] actual, float[][] expected, String what) {
        assertThat(actual.length).as(what + ": frames").isEqualTo(expected.length);
        double worst = 0;
        double spread = 0;
        for (int t = 0; t < expected.length; t++) {
            for (int k = 0; k < expected[t].length; k++) {
                worst = Math.max(worst, Math.abs(actual[t][k] - expected[t][k]));
                spread = Math.max(spread, Math.abs(expected[t][k] - expected[0][k]));
            }
        }
        assertThat(worst).as(what + ": largest difference").isLessThan(1e-4);
        assertThat(spread).as(what + ": the frames differ from each other").isGreaterThan(1e-2);
    }

    /** A preset's model with fresh weights, built as {@code asrwb train} builds it. */
    static TrainedModel freshModel(String preset, long seed) {
        return freshModel(Presets.load(preset), seed);
    }

    static TrainedModel freshModel(RunConfig config, long seed) {
        SpeechFeatures features = new SpeechFeatures(config.features());
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        ModelSpec spec = ModelSpecs.of(config.model(), features.featureCount(), alphabet.size());
        return new TrainedModel(
                SpeechModels.build(
                        spec, config.optim(), StepLearningRate.of(config.optim(), 1, 1), seed),
                config,
                alphabet,
                null,
                null);
    }
}
