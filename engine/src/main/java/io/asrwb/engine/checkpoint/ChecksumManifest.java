package io.asrwb.engine.checkpoint;

import io.asrwb.engine.files.DurableFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code SHA256SUMS} file of a checkpoint, written after every other file: a directory is
 * complete only when it has one and every file it lists matches. Its format is that of {@code
 * sha256sum}, so {@code sha256sum -c SHA256SUMS} checks a checkpoint by hand.
 */
final class ChecksumManifest {

    static final String FILE_NAME = "SHA256SUMS";

    private ChecksumManifest() {}

    /** Hashes {@code fileNames} in {@code directory} and writes the manifest, forced to disk. */
    static void write(Path directory, List<String> fileNames) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String name : fileNames) {
            text.append(sha256Hex(directory.resolve(name))).append("  ").append(name).append('\n');
        }
        DurableFiles.writeForced(
                directory.resolve(FILE_NAME), text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Why {@code directory} is not a complete checkpoint holding {@code requiredFiles}, or empty when
     * it is. With {@code checkHashes} false only presence is checked (cheap, for listing); with it
     * true every file is read and hashed.
     */
    static Optional<String> problem(Path directory, List<String> requiredFiles, boolean checkHashes)
            throws IOException {
        try {
            return problemOf(directory, requiredFiles, checkHashes);
        } catch (NoSuchFileException e) {
            // a reader can race the writer's retention, which may delete a checkpoint at any moment
            return Optional.of(e.getFile() + " disappeared while it was being checked");
        }
    }

    private static Optional<String> problemOf(
            Path directory, List<String> requiredFiles, boolean checkHashes) throws IOException {
        Path manifest = directory.resolve(FILE_NAME);
        if (!Files.isRegularFile(manifest)) {
            return Optional.of("no " + FILE_NAME + " (the write never finished)");
        }
        Map<String, String> expected = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int gap = line.indexOf("  ");
            if (gap != 64 || line.length() <= 66) {
                return Optional.of(FILE_NAME + " line " + (i + 1) + " is not '<sha256>  <file>'");
            }
            expected.put(line.substring(66), line.substring(0, 64));
        }
        List<String> missing = new ArrayList<>();
        for (String required : requiredFiles) {
            if (!expected.containsKey(required)) {
                missing.add(required + " (not listed)");
            }
        }
        for (String name : expected.keySet()) {
            if (!Files.isRegularFile(directory.resolve(name))) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            return Optional.of("missing " + String.join(", ", missing));
        }
        if (checkHashes) {
            for (Map.Entry<String, String> entry : expected.entrySet()) {
                String actual = sha256Hex(directory.resolve(entry.getKey()));
                if (!actual.equals(entry.getValue())) {
                    return Optional.of(
                            entry.getKey()
                                    + " has SHA-256 "
                                    + actual
                                    + " but "
                                    + FILE_NAME
                                    + " says "
                                    + entry.getValue()
                                    + " (damaged after writing)");
                }
            }
        }
        return Optional.empty();
    }

    private static String sha256Hex(Path file) throws IOException {
        MessageDigest digest = ModelFingerprint.sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
