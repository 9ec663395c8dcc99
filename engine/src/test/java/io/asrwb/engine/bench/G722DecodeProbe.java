package io.asrwb.engine.bench;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Decoding speed of our G.722 decoder: every *.g722 file under a folder (Asterisk's prompts in
 * bench/decode-g722.sh) decoded with {@link AudioFiles#loadNative} (file read, decode, float
 * conversion), one warm-up pass for the JIT, then the best of three timed passes. Prints seconds of
 * audio decoded per second of wall time.
 */
public final class G722DecodeProbe {

    private G722DecodeProbe() {}

    public static void main(String[] args) throws IOException, AudioFileException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of(args[0]))) {
            files = s.filter(p -> p.toString().endsWith(".g722")).sorted().toList();
        }
        double audio = pass(files);
        double best = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            pass(files);
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        System.out.printf(
                Locale.ROOT,
                "ours: %d files, %.1f s of audio (%.1f min) decoded in %.3f s: %.0f s of audio per"
                        + " second%n",
                files.size(),
                audio,
                audio / 60,
                best,
                audio / best);
    }

    private static double pass(List<Path> files) throws AudioFileException {
        double seconds = 0;
        for (Path f : files) {
            seconds += AudioFiles.loadNative(f).durationSeconds();
        }
        return seconds;
    }
}
