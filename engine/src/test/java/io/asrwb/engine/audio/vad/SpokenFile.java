package io.asrwb.engine.audio.vad;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A long synthetic recording for measuring speech detectors: demo-corpus clips one after another
 * with pauses of known length between them (0.4-1.5 s), each clip at a random gain (a quiet and a
 * loud speaker in one file), over a white-noise floor; and the true speech spans, each clip
 * trimmed to where its own (noise-free) level comes within 30 dB of its loudest 10 ms (the soft ends below that are breath and
 * decay, which no listener would cut at).
 */
record SpokenFile(PcmAudio audio, List<SpeechSpan> truth) {

    static final Path CORPUS = Path.of("../assets/demo-corpus/audio");
    private static final int RATE = AudioFiles.MODEL_RATE;

    /**
     * @param seconds about how long (whole clips only)
     * @param noiseRms RMS of the white-noise floor (0.001 is -60 dBFS)
     * @param minGain lowest clip gain; each clip is scaled by a gain in [minGain, 1]
     */
    static SpokenFile build(double seconds, double noiseRms, double minGain, long seed)
            throws IOException, AudioFileException {
        List<Path> clips;
        try (Stream<Path> files = Files.walk(CORPUS)) {
            clips = files.filter(p -> p.toString().endsWith(".flac")).sorted().toList();
        }
        Random random = new Random(seed);
        int total = (int) (seconds * RATE);
        float[] out = new float[total];
        List<SpeechSpan> truth = new ArrayList<>();
        int at = (int) (0.5 * RATE);
        while (true) {
            float[] clip = AudioFiles.load(clips.get(random.nextInt(clips.size()))).samples();
            if (at + clip.length >= total) {
                break;
            }
            float gain = (float) (minGain + (1 - minGain) * random.nextDouble());
            for (int i = 0; i < clip.length; i++) {
                out[at + i] = gain * clip[i];
            }
            int[] voiced = voicedRange(clip);
            if (voiced != null) {
                truth.add(
                        new SpeechSpan(
                                (double) (at + voiced[0]) / RATE,
                                (double) (at + voiced[1]) / RATE));
            }
            at += clip.length + (int) ((0.4 + 1.1 * random.nextDouble()) * RATE);
        }
        for (int i = 0; i < total; i++) {
            out[i] += (float) (noiseRms * random.nextGaussian());
        }
        return new SpokenFile(new PcmAudio(out, RATE), truth);
    }

    /** First and last sample of the 10 ms frames within 30 dB of the clip's loudest. */
    private static int[] voicedRange(float[] clip) {
        int frame = RATE / 100;
        int frames = clip.length / frame;
        double[] db = new double[frames];
        double max = -200;
        for (int f = 0; f < frames; f++) {
            db[f] = EnergyVad.levelDb(clip, f * frame, frame);
            max = Math.max(max, db[f]);
        }
        int first = -1;
        int last = -1;
        for (int f = 0; f < frames; f++) {
            if (db[f] > max - 30) {
                first = first < 0 ? f : first;
                last = f;
            }
        }
        return first < 0 ? null : new int[] {first * frame, (last + 1) * frame};
    }
}
