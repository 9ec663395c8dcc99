package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.stream.StreamingTranscription;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.Transcriber;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
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
 * shows a partial after every chunk, the engine's own partial for the same audio; a bidirectional
 * model shows none (its recording is transcribed whole on release).
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

        List<String> shown = feed(checkpoint, audio);

        int chunks = (audio.samples().length + 1599) / 1600;
        StreamingTranscription engine =
                StreamingTranscription.start(
                        Transcriber.greedy(TrainedModel.load(checkpoint)), audio.sampleRate());
        String last = "";
        for (int at = 0; at < audio.samples().length; at += 1600) {
            last = engine.accept(chunk(audio, at));
        }
        assertThat(shown).hasSize(chunks).last().isEqualTo(last);
    }

    @Test
    void aBidirectionalModelShowsNoPartials() throws Exception {
        Path checkpoint =
                CheckpointStore.openReadOnly(TinyRun.get().runDir)
                        .latest()
                        .orElseThrow()
                        .directory();

        assertThat(feed(checkpoint, AudioFiles.load(TinyRun.demoAudio()))).isEmpty();
    }

    /** The transcripts shown while {@code audio} arrives in 100 ms chunks, after the model is warm. */
    private static List<String> feed(Path checkpoint, PcmAudio audio) {
        TranscriptState state = new TranscriptState();
        List<String> shown = new ArrayList<>();
        Executor ui =
                r -> {
                    r.run();
                    shown.add(state.transcript.get());
                };
        StreamingPartials partials =
                new StreamingPartials(new TranscriberCache(), state, ui, Runnable::run);
        partials.warm(checkpoint);
        assertThat(partials.warmModel.get()).isEqualTo(checkpoint);
        shown.clear(); // the warm-up's own UI update
        partials.began();
        for (int at = 0; at < audio.samples().length; at += 1600) {
            partials.chunk(chunk(audio, at), audio.sampleRate());
        }
        return shown;
    }

    private static float[] chunk(PcmAudio audio, int at) {
        return Arrays.copyOfRange(audio.samples(), at, Math.min(audio.samples().length, at + 1600));
    }
}
