package io.asrwb.remote.jobs.bundle;

import io.asrwb.engine.files.AtomicWrite;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A class-path folder as a jar, so it can go to a host like any other jar (content-addressed,
 * synced once). The installed app has one: ND4J's native jar unpacked into {@code lib/app/natives/}
 * and put on the class path through a manifest-only jar. The jar is deterministic (entries sorted
 * by path, one fixed time, no manifest), so the same folder gives the same bytes, hence the same
 * content address, for every user; it is written once into a cache folder, under a name keyed by
 * the folder's file paths, sizes and modification times (a reinstall changes them).
 */
final class PackedFolder {

    /** The DOS epoch: zip entry times as local date-time, so no time zone enters the bytes. */
    private static final LocalDateTime FIXED_TIME = LocalDateTime.of(1980, 1, 1, 0, 0);

    private PackedFolder() {}

    /** The cached jar of {@code folder}, written into {@code cacheDir} first if it is not there. */
    static Path jarOf(Path folder, Path cacheDir) {
        try {
            List<Path> files = files(folder);
            Path jar = cacheDir.resolve(folder.getFileName() + "-" + key(folder, files) + ".jar");
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            Files.createDirectories(cacheDir);
            AtomicWrite.replaceOwnerOnly(jar, tmp -> write(folder, files, tmp));
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot pack the class-path folder "
                            + folder
                            + " into a jar"
                            + " in "
                            + cacheDir
                            + " to send it to the host: "
                            + e.getMessage(),
                    e);
        }
    }

    /** Regular files under the folder, sorted by their path inside it ('/'-separated). */
    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile)
                    .sorted((a, b) -> entryName(folder, a).compareTo(entryName(folder, b)))
                    .toList();
        }
    }

    private static String entryName(Path folder, Path file) {
        return folder.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    private static String key(Path folder, List<Path> files) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        for (Path f : files) {
            digest.update(
                    (entryName(folder, f)
                                    + "\0"
                                    + Files.size(f)
                                    + "\0"
                                    + Files.getLastModifiedTime(f).toMillis()
                                    + "\n")
                            .getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    }

    private static void write(Path folder, List<Path> files, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Path f : files) {
                ZipEntry entry = new ZipEntry(entryName(folder, f));
                entry.setTimeLocal(FIXED_TIME);
                zip.putNextEntry(entry);
                Files.copy(f, zip);
                zip.closeEntry();
            }
        }
    }
}
