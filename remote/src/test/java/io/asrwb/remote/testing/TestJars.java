package io.asrwb.remote.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Small jars of given entries, standing in for the engine's and ND4J's in layout tests. */
public final class TestJars {

    private TestJars() {}

    /** Writes a jar of {@code entries} (name to text) at {@code path}. */
    public static Path jar(Path path, Map<String, String> entries) throws IOException {
        Files.createDirectories(path.getParent());
        try (OutputStream out = Files.newOutputStream(path);
                JarOutputStream jar = new JarOutputStream(out)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                jar.putNextEntry(new JarEntry(e.getKey()));
                jar.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return path;
    }
}
