package io.asrwb.engine.train.distributed.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;

/** The JVM options our Spark JVMs start with are Spark's own list (catches drift on an upgrade). */
class SparkJavaOptionsTest {

    @Test
    void theJavaOptionsFileIsSparksOwnModuleOptionsList() throws Exception {
        List<String> ours =
                Files.readAllLines(Path.of("src/main/spark/java-options")).stream()
                        .filter(line -> !line.isBlank())
                        .toList();

        assertThat(ours).containsExactly(JavaModuleOptions.defaultModuleOptions().split(" "));
    }
}
