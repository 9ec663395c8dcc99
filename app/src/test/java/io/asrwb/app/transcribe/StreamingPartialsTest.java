package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.stream.StreamingTranscription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Push-to-talk's partials on real models: a streaming-preset checkpoint (one real training step)
 * shows a partial after every chunk, the engine's own partial for the same audio, and on release
 * hands over the whole utterance's log-probabilities from its session with the final text the
 * decoder bar's settings give them (beam and LM, searched while the audio arrived); a
 * bidirectional model shows none and hands over nothing (its recording is transcribed whole on
 * release).
 */
class StreamingPartialsTest {

    private static final String STREAMING =
            String.join(
                    "\n",
                    "preset: streaming",
                    "data:",
                    "  max_duration_s: 0.6",
                    "  batch_size: 4",
                    "  duration_buckets: 2",
                    "  val_splits: []",
                    "train:",
                    "  checkpoint_every_steps: 1",
                    "");

    private static final Path DEMO_LM = Path.of("../assets/demo-model/lm.arpa");

    @TempDir Path tmp;

    @Test
    void aStreamingModelShowsAPartialAfterEveryChunk() throws Exception {
        TinyRun tiny = TinyRun.get();
        Path config = Files.writeString(tmp.resolve("streaming.yaml"), STREAMING);
        Path runDir = tmp.resolve("streaming");
        TinyRun.cli(
                tiny.catalog,
                "train",
                "--config",
                config.toString(),
                "--dataset",
                "demo",
                "--out",
                runDir.toString(),
                "--max-steps",
                "1");
        Path checkpoint = CheckpointStore.openReadOnly(runDir).latest().orElseThrow().directory();
        PcmAudio audio = AudioFiles.load(TinyRun.demoAudio());

        List<String> shown = new ArrayList<>();
        DecoderControls decoding = new DecoderControls();
        decoding.languageModelProperty().set(DEMO_LM); // the beam search with the demo LM
        StreamingPartials partials = warmed(checkpoint, shown, decoding);
        feed(partials, shown, audio);
        ClipTranscription.Heard heard = partials.finish().join().orElseThrow();
        float[][] streamed = heard.logProbabilities();

        int chunks = (audio.samples().length + 1599) / 1600;
        StreamingTranscription engine =
                StreamingTranscription.start(
                        Transcriber.greedy(TrainedModel.load(checkpoint)), audio.sampleRate());
        String last = "";
        for (int at = 0; at < audio.samples().length; at += 1600) {
            last = engine.accept(chunk(audio, at));
        }
        assertThat(shown).hasSize(chunks).last().isEqualTo(last);
        float[][] whole = engine.flush();
        assertThat(streamed.length).isEqualTo(whole.length).isPositive();
        for (int f = 0; f < whole.length; f++) {
            assertThat(streamed[f]).containsExactly(whole[f]);
        }
        assertThat(heard.decodedWith()).isEqualTo(decoding.snapshot());
        assertThat(heard.text())
                .isEqualTo(
                        Transcriber.beam(
                                        TrainedModel.load(checkpoint),
                                        DecoderControls.DEFAULT_BEAM_WIDTH,
                                        DEMO_LM,
                                        DecoderControls.DEFAULT_ALPHA,
                                        DecoderControls.DEFAULT_BETA)
                                .decode(whole));
        assertThat(partials.finish().join()).as("a finished session is gone").isEmpty();
    }

    @Test
    void aBidirectionalModelShowsNoPartials() throws Exception {
        Path checkpoint = TinyRun.get().latestCheckpoint();

        List<String> shown = new ArrayList<>();
        StreamingPartials partials = warmed(checkpoint, shown, new DecoderControls());
        assertThat(feed(partials, shown, AudioFiles.load(TinyRun.demoAudio()))).isEmpty();
        assertThat(partials.finish().join()).isEmpty();
    }

    /** Partials of {@code checkpoint}, run on the calling thread, warm; what they show goes to {@code shown}. */
    private static StreamingPartials warmed(
            Path checkpoint, List<String> shown, DecoderControls decoding) {
        TranscriptState state = new TranscriptState();
        Executor ui =
                r -> {
                    r.run();
                    shown.add(state.transcript.get());
                };
        StreamingPartials partials =
                new StreamingPartials(new TranscriberCache(), decoding, state, ui, Runnable::run);
        partials.warm(checkpoint);
        assertThat(partials.warmModel.get()).isEqualTo(checkpoint);
        shown.clear(); // the warm-up's own UI update
        return partials;
    }

    /** The transcripts shown while {@code audio} arrives in 100 ms chunks. */
    private static List<String> feed(
            StreamingPartials partials, List<String> shown, PcmAudio audio) {
        shown.clear();
        partials.began();
        for (int at = 0; at < audio.samples().length; at += 1600) {
            partials.chunk(chunk(audio, at), audio.sampleRate());
        }
        return List.copyOf(shown);
    }

    private static float[] chunk(PcmAudio audio, int at) {
        return Arrays.copyOfRange(audio.samples(), at, Math.min(audio.samples().length, at + 1600));
    }
}
