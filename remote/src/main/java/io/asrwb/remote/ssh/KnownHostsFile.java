package io.asrwb.remote.ssh;

import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The app's own known_hosts file, in OpenSSH's format so a user can read it or share it with
 * {@code ssh}: plain and hashed ({@code |1|salt|hmac}) host names, {@code [host]:port} off port 22,
 * comma-separated patterns with {@code *}, {@code ?} and {@code !}, and the {@code @revoked}
 * marker. {@code @cert-authority} lines are ignored (no host certificates here).
 *
 * <p>The file is read afresh on every check, so a line the user removed by hand counts at once.
 */
public final class KnownHostsFile {

    private static final Base64.Decoder B64 = Base64.getDecoder();
    private static final Base64.Encoder B64_OUT = Base64.getEncoder();

    private final Path file;
    private final boolean hashNewEntries;

    /**
     * @param file where the keys live (need not exist yet)
     * @param hashNewEntries write new host names hashed, like OpenSSH's {@code HashKnownHosts yes}
     */
    public KnownHostsFile(Path file, boolean hashNewEntries) {
        this.file = file;
        this.hashNewEntries = hashNewEntries;
    }

    public Path path() {
        return file;
    }

    /** The name known_hosts uses for a host: {@code host} on port 22, else {@code [host]:port}. */
    public static String hostEntry(String host, int port) {
        return port == 22 ? host : "[" + host + "]:" + port;
    }

    /** What the file says about a key a server presented. */
    public sealed interface Verdict {
        /** A saved key matches. */
        record Known() implements Verdict {}

        /** Nothing saved for this host and key type. */
        record Unknown() implements Verdict {}

        /** A different key of the same type is saved for the host. */
        record Changed(String savedFingerprint, int line, String savedLine) implements Verdict {}

        /** The key is marked {@code @revoked}. */
        record Revoked(int line) implements Verdict {}
    }

    /** One parsed line; {@code line} counts from 1. */
    private record Entry(
            int line, String text, String marker, String hosts, String keyType, byte[] key) {}

    public synchronized Verdict check(String hostEntry, byte[] keyBlob) {
        String type = HostKeyFingerprint.keyType(keyBlob);
        Verdict.Changed changed = null;
        boolean known = false;
        for (Entry e : read()) {
            if (!matches(e.hosts(), hostEntry)) {
                continue;
            }
            boolean same = MessageDigest.isEqual(e.key(), keyBlob);
            if ("@revoked".equals(e.marker())) {
                if (same) {
                    return new Verdict.Revoked(e.line());
                }
            } else if (e.marker() == null) {
                if (same) {
                    known = true;
                } else if (e.keyType().equals(type) && changed == null) {
                    changed =
                            new Verdict.Changed(
                                    HostKeyFingerprint.sha256(e.key()), e.line(), e.text());
                }
            }
        }
        if (known) {
            return new Verdict.Known();
        }
        return changed != null ? changed : new Verdict.Unknown();
    }

    /** The key blobs saved for a host (any type), newest last. */
    public synchronized List<byte[]> keysFor(String hostEntry) {
        List<byte[]> keys = new ArrayList<>();
        for (Entry e : read()) {
            if (e.marker() == null && matches(e.hosts(), hostEntry)) {
                keys.add(e.key());
            }
        }
        return keys;
    }

    /** Appends a line for the host's key, creating the file (owner-only) if needed. */
    public synchronized void add(String hostEntry, byte[] keyBlob) {
        String name = hashNewEntries ? hashed(hostEntry) : hostEntry;
        String line =
                name
                        + " "
                        + HostKeyFingerprint.keyType(keyBlob)
                        + " "
                        + B64_OUT.encodeToString(keyBlob)
                        + System.lineSeparator();
        try {
            createIfMissing();
            Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot save the host key of "
                            + hostEntry
                            + " to "
                            + file
                            + ": "
                            + e.getMessage()
                            + "; check that the folder is writable",
                    e);
        }
    }

    /** Removes every line for the host (plain or hashed); returns how many were removed. */
    public synchronized int removeAll(String hostEntry) {
        if (!Files.exists(file)) {
            return 0;
        }
        List<String> kept = new ArrayList<>();
        int removed = 0;
        List<String> lines = readLines();
        for (int i = 0; i < lines.size(); i++) {
            Entry e = parse(i + 1, lines.get(i));
            if (e != null && e.marker() == null && matches(e.hosts(), hostEntry)) {
                removed++;
            } else {
                kept.add(lines.get(i));
            }
        }
        try {
            AtomicWrite.replace(file, tmp -> Files.write(tmp, kept, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot rewrite " + file + ": " + e.getMessage(), e);
        }
        return removed;
    }

    private void createIfMissing() throws IOException {
        if (Files.exists(file)) {
            return;
        }
        if (file.getParent() != null) {
            OwnerOnly.createDirectories(file.getParent());
        }
        Files.createFile(file);
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the file inherits the user profile's ACLs, which is what OpenSSH expects
            // there
        }
    }

    private List<String> readLines() {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read the known hosts file " + file + ": " + e.getMessage(), e);
        }
    }

    private List<Entry> read() {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        List<String> lines = readLines();
        for (int i = 0; i < lines.size(); i++) {
            Entry e = parse(i + 1, lines.get(i));
            if (e != null) {
                entries.add(e);
            }
        }
        return entries;
    }

    /** Null for blank, comment, certificate-authority and unreadable lines (as OpenSSH skips them). */
    private static Entry parse(int lineNumber, String text) {
        String t = text.strip();
        if (t.isEmpty() || t.startsWith("#")) {
            return null;
        }
        String[] f = t.split("\\s+");
        int i = 0;
        String marker = null;
        if (f[0].startsWith("@")) {
            marker = f[0].toLowerCase(Locale.ROOT);
            i = 1;
            if (!marker.equals("@revoked")) {
                return null;
            }
        }
        if (f.length < i + 3) {
            return null;
        }
        try {
            return new Entry(lineNumber, t, marker, f[i], f[i + 1], B64.decode(f[i + 2]));
        } catch (IllegalArgumentException badBase64) {
            return null;
        }
    }

    static boolean matches(String patterns, String hostEntry) {
        if (patterns.startsWith("|1|")) {
            return hashMatches(patterns, hostEntry);
        }
        String host = hostEntry.toLowerCase(Locale.ROOT);
        boolean matched = false;
        for (String p : patterns.toLowerCase(Locale.ROOT).split(",")) {
            boolean negated = p.startsWith("!");
            String pattern = negated ? p.substring(1) : p;
            if (glob(pattern, host)) {
                if (negated) {
                    return false;
                }
                matched = true;
            }
        }
        return matched;
    }

    private static boolean glob(String pattern, String text) {
        return text.matches(
                java.util.regex.Pattern.quote(pattern)
                        .replace("*", "\\E.*\\Q")
                        .replace("?", "\\E.\\Q"));
    }

    private static boolean hashMatches(String hashedName, String hostEntry) {
        String[] parts = hashedName.split("\\|");
        if (parts.length != 4) {
            return false;
        }
        try {
            byte[] salt = B64.decode(parts[2]);
            byte[] expected = B64.decode(parts[3]);
            return MessageDigest.isEqual(hmacSha1(salt, hostEntry), expected);
        } catch (IllegalArgumentException badBase64) {
            return false;
        }
    }

    static String hashed(String hostEntry) {
        byte[] salt = new byte[20];
        new SecureRandom().nextBytes(salt);
        return "|1|"
                + B64_OUT.encodeToString(salt)
                + "|"
                + B64_OUT.encodeToString(hmacSha1(salt, hostEntry));
    }

    private static byte[] hmacSha1(byte[] salt, String hostEntry) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(salt, "HmacSHA1"));
            return mac.doFinal(hostEntry.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA1", e);
        }
    }
}
