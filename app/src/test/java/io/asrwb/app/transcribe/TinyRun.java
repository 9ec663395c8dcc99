package io.asrwb.app.transcribe;

import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.cli.Main;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real run trained for two steps on the demo corpus through the CLI, in a catalog of its own:
 * built once per test JVM (in {@code target/}) and shared by the transcribe tests.
 */
final class TinyRun {

    /** The tiny preset on the shortest demo utterances: seconds on a laptop core. */
    private static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  max_duration_s: 0.6",
                    "  batch_size: 4",
                    "  duration_buckets: 2",
                    "  val_splits: []",
                    "train:",
                    "  checkpoint_every_steps: 1",
                    "");

    private static TinyRun shared;

    final Path catalog;
    final Path runDir;

    private TinyRun(Path catalog, Path runDir) {
        this.catalog = catalog;
        this.runDir = runDir;
    }

    static synchronized TinyRun get() throws IOException {
        if (shared == null) {
            Path dir =
                    Files.createTempDirectory(
                            Files.createDirectories(Path.of("target")), "tiny-run-");
            Path catalog = dir.resolve("catalog");
            Path config = Files.writeString(dir.resolve("run.yaml"), CONFIG);
            cli(
                    catalog,
                    "dataset",
                    "import",
                    "--format",
                    "nemo",
                    "--name",
                    "demo",
                    demoManifest().toString());
            Path runDir = dir.resolve("tiny");
            cli(
                    catalog,
                    "train",
                    "--config",
                    config.toString(),
                    "--dataset",
                    "demo",
                    "--out",
                    runDir.toString(),
                    "--max-steps",
                    "2");
            shared = new TinyRun(catalog, runDir);
        }
        return shared;
    }

    /** A short demo utterance (FLAC, 16 kHz). */
    /** The run's newest checkpoint folder. */
    Path latestCheckpoint() throws IOException {
        return CheckpointStore.openReadOnly(runDir).latest().orElseThrow().directory();
    }

    static Path demoAudio() {
        return demoManifest().getParent().resolve("audio/espeak-en-us-m1/espeak-en-us-m1-000.flac");
    }

    static Path demoManifest() {
        return DemoSubset.demoManifest();
    }

    static void cli(Path catalog, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--db", catalog.toString()));
        all.addAll(List.of(args));
        int exit =
                Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                        .execute(all.toArray(String[]::new));
        if (exit != 0) {
            throw new IllegalStateException(
                    "asrwb " + String.join(" ", args) + " failed (" + exit + "): " + err);
        }
    }
}
