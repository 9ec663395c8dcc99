package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every wav, flac and mp3 file under some folders (recursively, in sorted order so draws repeat),
 * decoded once to 16 kHz mono and kept for the life of the process: the app's "play augmented"
 * builds an augmenter per press, and training builds one per run, and neither should decode a
 * folder twice. A file is read only up to a cap (the rest is never decoded, and a warning names
 * it), and a folder set beyond a total cap is refused, so a stray folder of podcasts cannot fill
 * the heap. The cache holds the last {@link #CACHED_FOLDERS} folders and is keyed by each file's
 * size and modification time, so an edited folder is read again.
 */
final class RecordedFolders {

    static final int CACHED_FOLDERS = 8;

    private static final Logger LOG = LoggerFactory.getLogger(RecordedFolders.class);

    /** A decoded file: its name relative to its folder, its 16 kHz mono samples. */
    record Clip(String name, float[] samples) {}

    private record Key(Path dir, List<String> stamps, int maxSamples) {}

    private static final Map<Key, List<Clip>> CACHE =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Key, List<Clip>> eldest) {
                    return size() > CACHED_FOLDERS;
                }
            };

    private RecordedFolders() {}

    /**
     * The non-empty audio files of {@code dirs}, each cut at {@code maxSecondsPerFile}.
     *
     * @param field the config field the folders come from, for messages
     * @throws IOException naming the folder when it is missing, holds no audio or takes the total
     *     past {@code maxTotalSeconds}, or naming the file that cannot be decoded
     */
    static List<Clip> load(
            List<Path> dirs, String field, double maxSecondsPerFile, double maxTotalSeconds)
            throws IOException {
        int maxSamples = (int) Math.round(maxSecondsPerFile * AudioFiles.MODEL_RATE);
        List<Clip> all = new ArrayList<>();
        long total = 0;
        for (Path dir : dirs) {
            List<Clip> clips = folder(dir, field, maxSamples);
            for (Clip c : clips) {
                total += c.samples().length;
            }
            if (total > maxTotalSeconds * AudioFiles.MODEL_RATE) {
                throw new IOException(
                        String.format(
                                Locale.ROOT,
                                "%s: the folders up to %s hold %.0f s of audio, more than the %.0f"
                                        + " s kept in memory; use fewer or shorter files",
                                field,
                                dir,
                                total / (double) AudioFiles.MODEL_RATE,
                                maxTotalSeconds));
            }
            all.addAll(clips);
        }
        return all;
    }

    private static List<Clip> folder(Path dir, String field, int maxSamples) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(field + ": folder not found: " + dir);
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files =
                    walk.filter(Files::isRegularFile)
                            .filter(RecordedFolders::isAudio)
                            .sorted()
                            .toList();
        }
        List<String> stamps = new ArrayList<>();
        for (Path f : files) {
            stamps.add(f + "|" + Files.size(f) + "|" + Files.getLastModifiedTime(f).toMillis());
        }
        Key key = new Key(dir.toAbsolutePath().normalize(), stamps, maxSamples);
        synchronized (CACHE) {
            List<Clip> cached = CACHE.get(key);
            if (cached != null) {
                return cached;
            }
        }
        List<Clip> clips = new ArrayList<>();
        for (Path f : files) {
            float[] samples = decode(f, maxSamples, field);
            if (samples.length > 0) {
                clips.add(new Clip(dir.relativize(f).toString(), samples));
            }
        }
        if (clips.isEmpty()) {
            throw new IOException(
                    field + ": folder " + dir + " holds no non-empty wav, flac or mp3 file");
        }
        List<Clip> kept = List.copyOf(clips);
        synchronized (CACHE) {
            CACHE.put(key, kept);
        }
        return kept;
    }

    /** Up to {@code maxSamples} samples at 16 kHz; only that much of the file is decoded. */
    private static float[] decode(Path f, int maxSamples, String field) throws IOException {
        try (AudioStream in = AudioFiles.stream(f, AudioFiles.MODEL_RATE)) {
            float[] buf = new float[Math.min(maxSamples, 1 << 16)];
            int n = 0;
            while (n < maxSamples) {
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, (int) Math.min(maxSamples, 2L * buf.length));
                }
                int got = in.read(buf, n, buf.length - n);
                if (got < 0) {
                    return Arrays.copyOf(buf, n);
                }
                n += got;
            }
            if (in.read(new float[1], 0, 1) > 0) {
                LOG.warn(
                        "{}: {} is longer than {} s; only its first {} s are used",
                        field,
                        f,
                        maxSamples / AudioFiles.MODEL_RATE,
                        maxSamples / AudioFiles.MODEL_RATE);
            }
            return Arrays.copyOf(buf, n);
        } catch (AudioFileException e) {
            throw new IOException(
                    field + ": file cannot be used: " + e.getMessage() + "; remove " + f, e);
        }
    }

    private static boolean isAudio(Path f) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".wav") || n.endsWith(".flac") || n.endsWith(".mp3");
    }
}
