package io.asrwb.engine.segment;

import com.fasterxml.jackson.databind.JsonNode;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A long recording made of real demo-corpus clips (held-out test voices) with known silences: each
 * clip trimmed to its 10 ms blocks within 30 dB of its loudest (so its sound starts and ends at a
 * known sample), joined with pauses of 0.6-1.2 s over a -60 dBFS noise floor. The clips' places
 * and texts are the truth the segmenter is checked against.
 */
record SpokenRecording(Path file, List<Clip> clips) {

    /** One clip in the recording: where its sound starts and ends, and what it says. */
    record Clip(double startSeconds, double endSeconds, String text) {}

    static final Path CORPUS = Path.of("../assets/demo-corpus");
    private static final int RATE = AudioFiles.MODEL_RATE;

    /** {@code count} clips of the test manifest, starting at its {@code first}. */
    static SpokenRecording write(Path file, int first, int count, long seed)
            throws IOException, AudioFileException {
        List<String> lines = Files.readAllLines(CORPUS.resolve("test.jsonl"));
        Random random = new Random(seed);
        List<float[]> parts = new ArrayList<>();
        List<Clip> clips = new ArrayList<>();
        int at = (int) (0.5 * RATE);
        parts.add(new float[at]);
        for (int i = first; i < first + count; i++) {
            JsonNode n = Json.mapper().readTree(lines.get(i % lines.size()));
            float[] clip =
                    trimmed(
                            AudioFiles.load(CORPUS.resolve(n.get("audio_filepath").asText()))
                                    .samples());
            clips.add(
                    new Clip(
                            (double) at / RATE,
                            (double) (at + clip.length) / RATE,
                            n.get("text").asText()));
            parts.add(clip);
            int gap = (int) ((0.6 + 0.6 * random.nextDouble()) * RATE);
            parts.add(new float[gap]);
            at += clip.length + gap;
        }
        float[] all = new float[at];
        int to = 0;
        for (float[] p : parts) {
            System.arraycopy(p, 0, all, to, p.length);
            to += p.length;
        }
        for (int i = 0; i < all.length; i++) {
            all[i] += (float) (0.001 * random.nextGaussian());
        }
        WavWriter.writePcm16(file, all, RATE, 1);
        return new SpokenRecording(file, clips);
    }

    String text() {
        return String.join(" ", clips.stream().map(Clip::text).toList());
    }

    private static float[] trimmed(float[] clip) {
        int block = RATE / 100;
        int blocks = clip.length / block;
        double[] db = new double[blocks];
        double max = -200;
        for (int b = 0; b < blocks; b++) {
            double sum = 0;
            for (int i = b * block; i < (b + 1) * block; i++) {
                sum += clip[i] * clip[i];
            }
            db[b] = 10 * Math.log10(sum / block + 1e-20);
            max = Math.max(max, db[b]);
        }
        int firstBlock = 0;
        while (db[firstBlock] < max - 30) {
            firstBlock++;
        }
        int lastBlock = blocks - 1;
        while (db[lastBlock] < max - 30) {
            lastBlock--;
        }
        float[] out = new float[(lastBlock - firstBlock + 1) * block];
        System.arraycopy(clip, firstBlock * block, out, 0, out.length);
        return out;
    }
}
