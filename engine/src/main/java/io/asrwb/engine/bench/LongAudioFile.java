package io.asrwb.engine.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.json.Json;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a long 16 kHz mono 16-bit wav for the long-file benchmark and tests: the clips of a NeMo
 * manifest (the demo corpus) one after another, each followed by a pause (a quiet noise floor), round and round until
 * the length is reached, and beside it ({@code OUT.txt}) the transcripts of what was written, in
 * order. Written as it goes, so the generator's own memory stays small.
 *
 * <p>Usage: {@code LongAudioFile OUT.wav SECONDS MANIFEST.jsonl [PAUSE_SECONDS]}
 */
public final class LongAudioFile {

    private static final int RATE = AudioFiles.MODEL_RATE;

    private LongAudioFile() {}

    public static void main(String[] args) throws IOException, AudioFileException {
        if (args.length < 3) {
            System.err.println(
                    "usage: LongAudioFile OUT.wav SECONDS MANIFEST.jsonl [PAUSE_SECONDS]");
            System.exit(2);
        }
        double pause = args.length > 3 ? Double.parseDouble(args[3]) : 0.4;
        String text = write(Path.of(args[0]), Double.parseDouble(args[1]), Path.of(args[2]), pause);
        Files.writeString(Path.of(args[0] + ".txt"), text + "\n");
    }

    /** Writes {@code seconds} of the manifest's clips with {@code pause} after each; returns their text. */
    public static String write(Path out, double seconds, Path manifest, double pause)
            throws IOException, AudioFileException {
        List<Clip> clips = readManifest(manifest);
        long total = Math.round(seconds * RATE);
        int gap = (int) Math.round(pause * RATE);
        StringBuilder text = new StringBuilder();
        Random random = new Random(5);
        try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
            o.write(header(total));
            long written = 0;
            for (int i = 0; written < total; i = (i + 1) % clips.size()) {
                float[] samples = AudioFiles.load(clips.get(i).audio()).samples();
                if (written + samples.length > total) {
                    break; // only whole clips, so the text matches the audio; silence fills the
                    // rest
                }
                writeSamples(o, samples, samples.length);
                written += samples.length;
                text.append(text.length() == 0 ? "" : " ").append(clips.get(i).text());
                int g = (int) Math.min(gap, total - written);
                writeSamples(o, roomNoise(g, random), g);
                written += g;
            }
            for (long left = total - written; left > 0; left -= RATE) {
                int g = (int) Math.min(RATE, left);
                writeSamples(o, roomNoise(g, random), g);
            }
        }
        return text.toString();
    }

    private record Clip(Path audio, String text) {}

    private static List<Clip> readManifest(Path manifest) throws IOException {
        ObjectMapper json = Json.mapper();
        List<Clip> clips = new ArrayList<>();
        for (String line : Files.readAllLines(manifest)) {
            if (!line.isBlank()) {
                JsonNode n = json.readTree(line);
                clips.add(
                        new Clip(
                                manifest.toAbsolutePath()
                                        .getParent()
                                        .resolve(n.get("audio_filepath").asText()),
                                n.get("text").asText()));
            }
        }
        if (clips.isEmpty()) {
            throw new IOException(manifest + " lists no clips");
        }
        return clips;
    }

    private static byte[] header(long samples) {
        long data = samples * 2;
        ByteBuffer h = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0x46464952).putInt((int) (36 + data)).putInt(0x45564157);
        h.putInt(0x20746d66)
                .putInt(16)
                .putShort((short) 1)
                .putShort((short) 1)
                .putInt(RATE)
                .putInt(RATE * 2);
        h.putShort((short) 2).putShort((short) 16);
        h.putInt(0x61746164).putInt((int) data);
        return h.array();
    }

    /**
     * A quiet noise floor (about -60 dBFS) rather than digital zeros between clips: recordings
     * have one, and exact zeros give log-spectra of -inf-like values that skew per-utterance
     * normalisation of everything around them.
     */
    private static float[] roomNoise(int n, Random random) {
        float[] noise = new float[n];
        for (int i = 0; i < n; i++) {
            noise[i] = (float) (0.001 * random.nextGaussian());
        }
        return noise;
    }

    private static void writeSamples(OutputStream o, float[] samples, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n * 2).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putShort((short) Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32767f))));
        }
        o.write(b.array());
    }
}
