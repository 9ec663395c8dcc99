package io.asrwb.engine.bench;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.stream.StreamingTranscription;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times streaming push-to-talk: an utterance fed in chunks of the microphone's size (each chunk
 * processed as it arrives, as the app does while the key is held), then the latency from release
 * ({@link StreamingTranscription#finish()}: the last frames, the model's tail, the final decode) to
 * the final text, and how far the partial text's frames trail the audio received. The model is loaded once, outside the timing, as the app keeps it warm. With
 * recorded clips the utterances are those clips in turn (a trained model's tail and its LM's beam
 * search depend on what was said, so a synthetic signal understates the final decode).
 */
public final class StreamingBenchmark {

    private StreamingBenchmark() {}

    /**
     * Settings: a preset's fresh model or a checkpoint, recorded clips (empty: a synthetic utterance
     * of {@code seconds}), chunk length, repetitions.
     */
    public record Settings(
            String preset,
            Path model,
            List<Path> audio,
            double seconds,
            int chunkMs,
            int runs,
            int warmup,
            int threads) {

        public Settings {
            audio = List.copyOf(audio);
        }
    }

    /** Runs the benchmark; one JSON line. */
    public static String run(Settings settings) throws IOException {
        BenchRuntime.useThreads(settings.threads());
        TrainedModel model =
                settings.model() != null
                        ? TrainedModel.load(settings.model())
                        : TranscribeBenchmark.freshModel(settings.preset());
        Transcriber transcriber =
                (settings.model() != null
                                ? ModelDecoding.of(model)
                                : new ModelDecoding(DecoderSettings.greedy(), null))
                        .transcriber(model);
        List<PcmAudio> utterances = utterances(settings);
        List<Double> finals = new ArrayList<>();
        List<Double> chunks = new ArrayList<>();
        List<Double> behind = new ArrayList<>();
        for (int i = 0; i < settings.warmup() + settings.runs(); i++) {
            PcmAudio audio = utterances.get(i % utterances.size());
            int chunk = Math.max(1, audio.sampleRate() * settings.chunkMs() / 1000);
            StreamingTranscription session =
                    StreamingTranscription.start(transcriber, audio.sampleRate());
            float[] samples = audio.samples();
            List<int[]> framesAt = new ArrayList<>();
            for (int at = 0; at < samples.length; at += chunk) {
                int end = Math.min(samples.length, at + chunk);
                long start = System.nanoTime();
                session.accept(Arrays.copyOfRange(samples, at, end));
                if (i >= settings.warmup()) {
                    chunks.add((System.nanoTime() - start) / 1e6);
                    framesAt.add(new int[] {end, session.logProbabilities().length});
                }
            }
            long released = System.nanoTime();
            session.finish();
            if (i >= settings.warmup()) {
                finals.add((System.nanoTime() - released) / 1e6);
                behind.addAll(behind(framesAt, session.logProbabilities().length, audio));
            }
        }
        String name = settings.model() != null ? settings.model().toString() : settings.preset();
        return String.format(
                Locale.ROOT,
                "{\"bench\": \"streaming\", \"model\": \"%s\", \"params\": %d,"
                        + " \"audio\": \"%s\", \"clips\": %d, \"seconds\": %.2f,"
                        + " \"chunk_ms\": %d, \"threads\": %d, \"runs\": %d,"
                        + " \"final_median_ms\": %.1f, \"final_p90_ms\": %.1f,"
                        + " \"final_max_ms\": %.1f, \"chunk_median_ms\": %.2f,"
                        + " \"chunk_p90_ms\": %.2f, \"chunk_max_ms\": %.2f,"
                        + " \"behind_median_ms\": %.0f, \"behind_p90_ms\": %.0f,"
                        + " \"peak_rss_mb\": %d}",
                name.replace("\\", "\\\\").replace("\"", "\\\""),
                model.graph().numParams(),
                settings.audio().isEmpty() ? "synthetic" : "recorded",
                utterances.size(),
                utterances.stream().mapToDouble(PcmAudio::durationSeconds).average().orElse(0),
                settings.chunkMs(),
                settings.threads(),
                settings.runs(),
                TranscribeResult.median(finals),
                TranscribeResult.percentile(finals, 90),
                finals.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                TranscribeResult.median(chunks),
                TranscribeResult.percentile(chunks, 90),
                chunks.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                TranscribeResult.median(behind),
                TranscribeResult.percentile(behind, 90),
                BenchRuntime.memoryMb("VmHWM"));
    }

    /**
     * After each chunk, how much of the audio received (ms) the partial text cannot have heard yet:
     * the audio beyond the model's output frames so far, one frame being the utterance's length
     * over its final frame count. What the user sees as the partial text's lag behind their voice.
     */
    private static List<Double> behind(List<int[]> framesAt, int finalFrames, PcmAudio audio) {
        double msPerFrame = audio.durationSeconds() * 1000 / Math.max(1, finalFrames);
        List<Double> out = new ArrayList<>();
        for (int[] at : framesAt) {
            double received = at[0] * 1000.0 / audio.sampleRate();
            out.add(Math.max(0, received - at[1] * msPerFrame));
        }
        return out;
    }

    /** The recorded clips at the model's rate, or the synthetic utterance when none are given. */
    private static List<PcmAudio> utterances(Settings settings) throws IOException {
        if (settings.audio().isEmpty()) {
            return List.of(TranscribeBenchmark.speechLikeAudio(settings.seconds()));
        }
        List<PcmAudio> clips = new ArrayList<>();
        for (Path file : settings.audio()) {
            try {
                clips.add(AudioFiles.load(file));
            } catch (AudioFileException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return clips;
    }
}
