package io.asrwb.engine.data.batching;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.data.random.StableRandom;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.Normalization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small real WAV corpora for loader tests, written into a test's temp folder. */
final class LoaderCorpus {

    static final String[] WORDS = {
        "yes", "no", "stop", "go forward", "turn left", "ten meters", "nine"
    };

    private LoaderCorpus() {}

    /** {@code n} utterances of 0.25–1.2 s (tones in noise), transcripts from {@link #WORDS}. */
    static List<Utterance> write(Path root, int n) throws IOException {
        Files.createDirectories(root.resolve("wav"));
        StableRandom r = StableRandom.of(11);
        List<Utterance> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int samples = 4000 + r.nextInt(15_200);
            float[] s = new float[samples];
            double f = 200 + 50 * i;
            for (int k = 0; k < samples; k++) {
                s[k] =
                        (float)
                                (0.3 * Math.sin(2 * Math.PI * f * k / 16_000)
                                        + 0.05 * r.nextGaussian());
            }
            String rel = "wav/u" + i + ".wav";
            WavWriter.writePcm16(root.resolve(rel), s, 16_000, 1);
            out.add(
                    new Utterance(
                            "u" + i,
                            rel,
                            samples / 16_000.0,
                            WORDS[i % WORDS.length],
                            "",
                            Split.TRAIN));
        }
        return out;
    }

    /** An utterance whose file is not audio at all. */
    static Utterance broken(Path root, String id, double seconds) throws IOException {
        String rel = "wav/" + id + ".wav";
        Files.writeString(
                root.resolve(rel), "this is not a wav file, just text pretending to be one");
        return new Utterance(id, rel, seconds, "stop", "", Split.TRAIN);
    }

    static UtteranceFeaturizer featurizer(Path root, Augmenter augmenter) {
        return new UtteranceFeaturizer(
                root,
                Alphabet.english()::encode,
                FrameFeatures.of(LogSpectrogram.deepSpeech(), Normalization.PER_BIN_CMVN),
                augmenter);
    }
}
