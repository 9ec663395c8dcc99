package io.asrwb.engine.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Starts {@link CatalogSubprocessMain} in a fresh JVM on this test run's class path. */
final class Subprocess {

  private Subprocess() {}

  static Process start(String mode, Path db) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        CatalogSubprocessMain.class.getName(), mode, db.toString()))
        .redirectErrorStream(true)
        .start();
  }
}
