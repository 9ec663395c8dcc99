package io.asrwb.remote.jobs.bundle;

import static io.asrwb.remote.testing.TestJars.jar;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.jobs.core.ContentHash;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine runtime found in both layouts: the source build ({@code engine/target}: the engine
 * jar, {@code lib/}, {@code lib-cuda/}) and the installed app ({@code lib/app}: jars flat, ND4J's
 * natives an unpacked folder on the class path through a manifest-only jar), built here as folders
 * of small real jars.
 */
class RuntimeJarsLayoutTest {

    @TempDir Path dir;

    @Test
    void theSourceBuildSendsLibAndKeepsLibCudaForCudaHosts() throws IOException {
        Path target = dir.resolve("target");
        Path engine = jar(target.resolve("asrwb-engine.jar"), Map.of("io/asrwb/Engine.class", "e"));
        Path nd4j = jar(target.resolve("lib/nd4j-api.jar"), Map.of("org/nd4j/Api.class", "a"));
        Path cuda =
                jar(target.resolve("lib-cuda/nd4j-cuda.jar"), Map.of("org/nd4j/Cuda.class", "c"));

        RuntimeJars runtime = RuntimeJars.ofEngineJar(engine);

        assertThat(runtime.jars()).containsExactly(engine, nd4j);
        assertThat(runtime.cudaJars()).containsExactly(cuda);
        assertThat(runtime.hasCuda()).isTrue();
    }

    @Test
    void theInstalledLayoutSendsEveryClassPathJarAndTheNativesFolderPackedOnce()
            throws IOException {
        Path app = dir.resolve("install/lib/app");
        Path engine =
                jar(app.resolve("asrwb-engine-1.0.jar"), Map.of("io/asrwb/Engine.class", "e"));
        Path nd4j = jar(app.resolve("nd4j-native-1.0.jar"), Map.of("org/nd4j/Cpu.class", "n"));
        Path remote =
                jar(app.resolve("asrwb-remote-1.0.jar"), Map.of("io/asrwb/Remote.class", "r"));
        Path so =
                app.resolve("natives/org/nd4j/linalg/cpu/nativecpu/bindings/linux-x86_64/libx.so");
        Files.createDirectories(so.getParent());
        Files.writeString(so, "native code");
        Files.writeString(app.resolve("natives/org/nd4j/a.properties"), "a=1");
        Path natives = manifestOnlyJar(app.resolve("natives.jar"), "natives/");
        Path cuda = jar(app.resolve("lib-cuda/nd4j-cuda.jar"), Map.of("org/nd4j/Cuda.class", "c"));
        // the launcher's class path: jars only, in jpackage's order; natives/ only via the
        // manifest;
        // a CUDA variant may put lib-cuda on it too, which must not go to every host
        List<Path> classPath = List.of(remote, nd4j, natives, engine, cuda);

        RuntimeJars runtime = RuntimeJars.ofClassPath(engine, classPath, dir.resolve("cache"));

        assertThat(runtime.jars()).hasSize(5);
        assertThat(runtime.jars().subList(0, 4)).containsExactly(engine, remote, nd4j, natives);
        Path packed = runtime.jars().get(4);
        assertThat(packed).startsWith(dir.resolve("cache"));
        assertThat(entries(packed))
                .containsExactly(
                        Map.entry("org/nd4j/a.properties", "a=1"),
                        Map.entry(
                                "org/nd4j/linalg/cpu/nativecpu/bindings/linux-x86_64/libx.so",
                                "native code"));
        assertThat(runtime.cudaJars()).containsExactly(cuda);

        // packed once: the next submission reuses the jar; another user's cache gets the same bytes
        assertThat(RuntimeJars.ofClassPath(engine, classPath, dir.resolve("cache")).jars())
                .isEqualTo(runtime.jars());
        Path other =
                RuntimeJars.ofClassPath(engine, classPath, dir.resolve("cache2")).jars().get(4);
        assertThat(ContentHash.sha256(other)).isEqualTo(ContentHash.sha256(packed));
    }

    private static Map<String, String> entries(Path jar) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry e : java.util.Collections.list(file.entries())) {
                out.put(e.getName(), new String(file.getInputStream(e).readAllBytes(), UTF_8));
            }
        }
        return out;
    }

    private static Path manifestOnlyJar(Path path, String classPath) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        try (OutputStream out = Files.newOutputStream(path);
                JarOutputStream jar = new JarOutputStream(out, manifest)) {
            return path;
        }
    }
}
