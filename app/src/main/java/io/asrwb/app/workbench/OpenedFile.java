package io.asrwb.app.workbench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The manifest the desktop opened the app with (the installer associates {@code .jsonl} with it):
 * the first argument that names an existing file, given as a path or as a {@code file:} URI, as a
 * desktop entry's {@code %U} passes it. Options ({@code -…}) and anything else are ignored.
 */
final class OpenedFile {

    private OpenedFile() {}

    static Optional<Path> from(List<String> args) {
        for (String arg : args) {
            if (arg.isBlank() || arg.startsWith("-")) {
                continue;
            }
            Optional<Path> path = toPath(arg);
            if (path.isPresent() && Files.isRegularFile(path.get())) {
                return path.map(p -> p.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> toPath(String arg) {
        try {
            return Optional.of(arg.startsWith("file:") ? Path.of(URI.create(arg)) : Path.of(arg));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not a path on this system, e.g. another URI scheme
        }
    }
}
