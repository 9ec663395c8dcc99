package io.asrwb.engine.assets;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the bundled assets folder (demo corpus, demo model, presets): the {@code asrwb.assets}
 * system property (set by {@code ./asrwb} and the installer's launcher), else {@code assets/} in
 * the working directory, else {@code assets/} beside or above the jar that holds this class.
 */
public final class Assets {

    public static final String PROPERTY = "asrwb.assets";

    private Assets() {}

    public static Optional<Path> locate() {
        String explicit = System.getProperty(PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            Path p = Path.of(explicit);
            return Files.isDirectory(p)
                    ? Optional.of(p.toAbsolutePath().normalize())
                    : Optional.empty();
        }
        Path cwd = Path.of("assets");
        if (Files.isDirectory(cwd)) {
            return Optional.of(cwd.toAbsolutePath().normalize());
        }
        return besideCode();
    }

    /** The demo corpus's combined manifest (every split, one NeMo JSON line each), when bundled. */
    public static Optional<Path> demoCorpusManifest() {
        return locate().map(a -> a.resolve("demo-corpus").resolve("demo.jsonl"))
                .filter(Files::isRegularFile);
    }

    private static Optional<Path> besideCode() {
        try {
            Path code =
                    Path.of(
                            Assets.class
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
            for (Path dir = code.getParent(); dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve("assets");
                if (Files.isDirectory(candidate.resolve("demo-corpus"))) {
                    return Optional.of(candidate);
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code source (e.g. a custom class loader): fall through to "not found"
        }
        return Optional.empty();
    }
}
