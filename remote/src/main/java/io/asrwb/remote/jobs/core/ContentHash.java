package io.asrwb.remote.jobs.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 of local files, the names of content-addressed files on a host. Remembered per path,
 * size and modification time for the life of the process, so the second job of a session does not
 * read the 250 MB runtime again.
 */
public final class ContentHash {

    private record Key(Path file, long size, long modified) {}

    private static final Map<Key, String> SEEN = new ConcurrentHashMap<>();

    private ContentHash() {}

    /** 64 lower-case hex digits. */
    public static String sha256(Path file) {
        try {
            Path abs = file.toAbsolutePath().normalize();
            Key key = new Key(abs, Files.size(abs), Files.getLastModifiedTime(abs).toMillis());
            String known = SEEN.get(key);
            if (known != null) {
                return known;
            }
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(abs)) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    digest.update(buffer, 0, n);
                }
            }
            String hex = HexFormat.of().formatHex(digest.digest());
            SEEN.put(key, hex);
            return hex;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read " + file + " to hash it: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** {@code <sha256>.<ext>} (lower-case extension kept, so tools still see the file type). */
    public static String addressedName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot > 0 ? name.substring(dot).toLowerCase(java.util.Locale.ROOT) : "";
        return sha256(file) + (ext.matches("\\.[a-z0-9]{1,8}") ? ext : "");
    }
}
