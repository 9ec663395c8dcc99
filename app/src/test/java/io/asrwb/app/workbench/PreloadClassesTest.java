package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

class PreloadClassesTest {

    private static final List<String> CLASS_PATH =
            List.of(System.getProperty("java.class.path").split(File.pathSeparator));

    @Test
    void loadsEveryClassOfTheNamedJarsAndNoOtherJar() throws Exception {
        String picocli = jar("picocli-");
        long classes;
        try (JarFile jar = new JarFile(picocli)) {
            classes =
                    jar.stream()
                            .map(e -> e.getName())
                            .filter(n -> n.endsWith(".class") && !n.contains("module-info"))
                            .filter(n -> !n.startsWith("META-INF/"))
                            .count();
        }
        PreloadClasses.Counts counts =
                PreloadClasses.preload(
                        CLASS_PATH, List.of("picocli-"), getClass().getClassLoader());
        assertThat(classes).isGreaterThan(100);
        assertThat(counts.loaded() + counts.refused()).isEqualTo(classes);
        assertThat(counts.loaded()).isGreaterThan((int) (classes * 9 / 10));

        PreloadClasses.Counts none =
                PreloadClasses.preload(
                        CLASS_PATH, List.of("no-such-library-"), getClass().getClassLoader());
        assertThat(none).isEqualTo(new PreloadClasses.Counts(0, 0));
    }

    private static String jar(String prefix) {
        return CLASS_PATH.stream()
                .filter(e -> new File(e).getName().startsWith(prefix) && e.endsWith(".jar"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(prefix + " not on the test class path"));
    }
}
