package io.asrwb.remote.jobs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The jars a host needs to run the engine CLI: the engine's jar and its runtime libraries, as
 * {@code ./asrwb} builds them ({@code engine/target/asrwb-engine.jar} and {@code lib/*.jar} beside
 * it).
 */
public record RuntimeJars(List<Path> jars) {

  /** The engine's command-line entry point, the same on every host. */
  public static final String MAIN_CLASS = "io.asrwb.engine.cli.Main";

  public RuntimeJars {
    jars = List.copyOf(jars);
    if (jars.isEmpty()) {
      throw new IllegalArgumentException("the engine runtime has no jars");
    }
  }

  /** The engine jar and the {@code lib/*.jar} in its folder. */
  public static RuntimeJars ofEngineJar(Path engineJar) {
    if (!Files.isRegularFile(engineJar)) {
      throw new IllegalStateException("the engine jar " + engineJar + " is missing; build it with"
          + " `./mvnw -pl engine -am -DskipTests package` (./asrwb does so by itself)");
    }
    List<Path> jars = new ArrayList<>(List.of(engineJar));
    Path lib = engineJar.resolveSibling("lib");
    if (Files.isDirectory(lib)) {
      try (Stream<Path> s = Files.list(lib)) {
        s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().forEach(jars::add);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list " + lib + ": " + e.getMessage(), e);
      }
    }
    return new RuntimeJars(jars);
  }

  /** The engine this process runs: the jar its CLI class was loaded from, and its libraries. */
  public static RuntimeJars ofRunningEngine() {
    Path code;
    try {
      code = Path.of(Class.forName(MAIN_CLASS).getProtectionDomain().getCodeSource().getLocation()
          .toURI());
    } catch (URISyntaxException | ClassNotFoundException | NullPointerException e) {
      throw new IllegalStateException("cannot find the engine's jar to send to the host: " + e, e);
    }
    if (!code.getFileName().toString().endsWith(".jar")) {
      throw new IllegalStateException("the engine runs from " + code + ", a folder, not a jar;"
          + " run ASR Workbench from its built jars (./asrwb) to submit remote jobs");
    }
    return ofEngineJar(code);
  }
}
