package io.asrwb.engine.bench;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.ModelShape;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Times what {@code asrwb transcribe} and the app's push-to-talk do per utterance, through the
 * same {@link Transcriber}: features of audio in memory, the graph's forward pass, the decode
 * (greedy for a preset's fresh weights; a trained model's own decoding, e.g. the demo model's beam
 * search with its LM, {@link ModelDecoding}) and the text normaliser. The model is loaded once, outside the timing, as the
 * app keeps it loaded between recordings.
 */
public final class TranscribeBenchmark {

    private static final Logger LOG = LoggerFactory.getLogger(TranscribeBenchmark.class);
    private static final int SAMPLE_RATE = 16_000;

    private TranscribeBenchmark() {}

    public static TranscribeResult run(TranscribeSettings settings) throws IOException {
        BenchRuntime.useThreads(settings.threads());
        TrainedModel model =
                settings.model() != null
                        ? TrainedModel.load(settings.model())
                        : freshModel(settings.preset());
        // a trained model decodes as push-to-talk decodes it: with the LM and weights it ships, if
        // any
        ModelDecoding decoding =
                settings.model() != null
                        ? ModelDecoding.of(model)
                        : new ModelDecoding(DecoderSettings.greedy(), null);
        Transcriber transcriber = decoding.transcriber(model);
        SpeechFeatures features = model.shape().features();
        PcmAudio audio = speechLikeAudio(settings.seconds());

        List<Double> calls = new ArrayList<>();
        List<Double> featureTimes = new ArrayList<>();
        List<Double> cpuTimes = new ArrayList<>();
        for (int i = 0; i < settings.warmup() + settings.runs(); i++) {
            long cpuStart = BenchRuntime.processCpuNanos();
            long start = System.nanoTime();
            String text = transcriber.transcribe(audio);
            double millis = (System.nanoTime() - start) / 1e6;
            double cpuMillis = (BenchRuntime.processCpuNanos() - cpuStart) / 1e6;
            long featureStart = System.nanoTime();
            features.ofAudio(audio);
            double featureMillis = (System.nanoTime() - featureStart) / 1e6;
            LOG.info(
                    "call {}: {} ms, {} ms CPU (features alone {} ms), {} characters, rss {} MB,"
                            + " live ND4J buffers {} MB",
                    i,
                    String.format("%.1f", millis),
                    String.format("%.1f", cpuMillis),
                    String.format("%.1f", featureMillis),
                    text.length(),
                    BenchRuntime.memoryMb("VmRSS"),
                    BenchRuntime.liveNd4jMb());
            if (i >= settings.warmup()) {
                calls.add(millis);
                featureTimes.add(featureMillis);
                cpuTimes.add(cpuMillis);
            }
        }
        String name = settings.model() != null ? settings.model().toString() : settings.preset();
        return new TranscribeResult(
                settings,
                name,
                model.graph().numParams(),
                calls,
                cpuTimes,
                featureTimes,
                BenchRuntime.memoryMb("VmHWM"));
    }

    /** A preset's model with fresh weights, built as {@code asrwb train} builds it. */
    static TrainedModel freshModel(String preset) {
        RunConfig config = Presets.load(preset);
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        ComputationGraph graph =
                SpeechModels.build(
                        ModelShape.of(config, alphabet).spec(),
                        config.optim(),
                        StepLearningRate.of(config.optim(), 1, 1),
                        config.train().seed());
        return new TrainedModel(graph, config, alphabet, null, null);
    }

    /**
     * Deterministic audio with speech-like structure (a gliding harmonic voice, syllable-rate
     * loudness, some noise), so features and the decode see varied frames rather than silence.
     */
    static PcmAudio speechLikeAudio(double seconds) {
        int n = (int) Math.round(seconds * SAMPLE_RATE);
        float[] samples = new float[n];
        Random random = new Random(11);
        double phase = 0;
        for (int i = 0; i < n; i++) {
            double t = i / (double) SAMPLE_RATE;
            double pitch = 120 + 40 * Math.sin(2 * Math.PI * 0.7 * t);
            phase += 2 * Math.PI * pitch / SAMPLE_RATE;
            double voice = 0;
            for (int h = 1; h <= 8; h++) {
                voice += Math.sin(h * phase) / h;
            }
            double syllables = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
            samples[i] = (float) (0.2 * syllables * voice + 0.01 * random.nextGaussian());
        }
        return new PcmAudio(samples, SAMPLE_RATE);
    }
}
