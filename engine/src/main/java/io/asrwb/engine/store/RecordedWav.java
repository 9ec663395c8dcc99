package io.asrwb.engine.store;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.DurableFiles;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The WAV of a recorded utterance, written so that its final name only ever holds a whole file:
 * the samples go to a {@code .part} file beside it, forced to disk, then renamed over a name
 * reserved first (so an existing clip is never replaced).
 */
final class RecordedWav {

    private RecordedWav() {}

    /** A speaker name as a folder and id part: letters, digits, '-' and '_' kept, the rest '_'. */
    static String slug(String speaker) {
        String s = speaker.strip().replaceAll("[^\\p{Alnum}_-]+", "_");
        return s.isEmpty() ? "unnamed" : s.toLowerCase(Locale.ROOT);
    }

    static void write(Path wav, float[] samples, int sampleRate, String dataset) {
        Path part = wav.resolveSibling(wav.getFileName() + ".part");
        try {
            OwnerOnly.createDirectories(wav.getParent());
            Files.createFile(wav, OwnerOnly.attributes(wav));
        } catch (FileAlreadyExistsException e) {
            throw new CatalogException(
                    wav + " already exists; nothing was added to '" + dataset + "'. Accept again");
        } catch (AccessDeniedException e) {
            throw new CatalogException(
                    "cannot write into the folder of dataset '"
                            + dataset
                            + "' ("
                            + e.getFile()
                            + " is not writable); record into a new dataset instead",
                    e);
        } catch (IOException e) {
            throw new CatalogException("cannot create " + wav + ": " + e, e);
        }
        try {
            // owner-only from its creation: a chmod after writing leaves the voice open to others
            // in between, and whoever opened it then keeps reading
            Files.deleteIfExists(part);
            Files.createFile(part, OwnerOnly.attributes(part));
            WavWriter.writePcm16(part, samples, sampleRate, 1);
            DurableFiles.force(part);
            AtomicWrite.commit(part, wav);
        } catch (IOException e) {
            CatalogException failed =
                    new CatalogException(
                            "cannot write the recorded clip "
                                    + wav
                                    + ": "
                                    + e.getMessage()
                                    + "; nothing was added to '"
                                    + dataset
                                    + "'",
                            e);
            deleteQuietly(part, failed);
            deleteQuietly(wav, failed);
            throw failed;
        }
    }

    /**
     * Deletes the {@code .wav.part} files under {@code folder} last written before {@code
     * before}: what a recording interrupted by a crash or a kill left (a write takes milliseconds,
     * so an older one is nobody's). Returns the files deleted.
     */
    static List<Path> removeInterruptedWrites(Path folder, Instant before) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Path> removed = new ArrayList<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (f.getFileName().toString().endsWith(".wav.part")
                        && Files.isRegularFile(f)
                        && Files.getLastModifiedTime(f).toInstant().isBefore(before)
                        && Files.deleteIfExists(f)) {
                    removed.add(f);
                }
            }
        }
        return removed;
    }

    /** Deletes a clip whose row was not stored; a failure to delete is added to {@code cause}. */
    static void deleteQuietly(Path file, Throwable cause) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }
}
