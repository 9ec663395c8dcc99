package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code resume} or {@code train --out} refused because another process trains the folder
 * changes no byte of it, and the live run goes on to the same losses as an uninterrupted run. A
 * {@code train --out} into a folder that holds a finished run is refused the same way.
 *
 * <p>While the live run writes, "no byte changed" is checked as what the live run itself never
 * does: every file present before a refused command is there after it with the same bytes, except
 * that events.jsonl may only have grown at its end, {@code latest} may point elsewhere and the
 * live run's own unfinished {@code .tmp-} writes may move; a planted unfinished write (what a
 * second writer's store would clean away) must stay; and nothing new appears outside checkpoints/.
 */
class RefusedLaunchTest {

    private static final int STEPS = 20;
    private static final String SENTINEL = "checkpoints/.tmp-step-000009999-planted/model.zip";
    private static final String SENTINEL_TRASH =
            "checkpoints/.trash-step-000009998-planted/state.json";

    /** Tiny, short clips (15 utterances, 4 batches an epoch), a checkpoint every 5 steps, none deleted. */
    private static final String CONFIG =
            TinyCliConfig.YAML.replace(
                            "  batch_size: 4\n", "  batch_size: 4\n  max_duration_s: 0.6\n")
                    + String.join(
                            "\n",
                            "train:",
                            "  epochs: 100",
                            "  eval_every_steps: 1000",
                            "  checkpoint_every_steps: 5",
                            "  keep_last: 100",
                            "");

    @TempDir Path dir;

    @Test
    void refusedCommandsLeaveTheLiveRunAndItsFolderAlone() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG);
        Path other = dir.resolve("other.yaml");
        Files.writeString(
                other, Files.readString(config).replace("hidden_size: 16", "hidden_size: 24"));
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        TrainingChild.demoManifest().toString())
                                .exit())
                .isZero();

        Path straight = dir.resolve("straight"); // the reference, and ND4J warmed up in this JVM
        CliRun reference =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        straight.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        assertThat(reference.exit()).as(reference.err()).isZero();
        Map<Long, Double> expected = TrainingChild.folded(straight, "step", "loss");
        assertThat(expected).hasSize(STEPS);

        Path live = dir.resolve("live");
        Process child =
                TrainingChild.start(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        live.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        try {
            TrainingChild.await(live, TrainingChild.type("started", 0), child);
            Map<String, byte[]> before = files(live);
            CliRun train =
                    CliRun.run(
                            db,
                            "train",
                            "--config",
                            other.toString(),
                            "--dataset",
                            "demo",
                            "--out",
                            live.toString(),
                            "--max-steps",
                            String.valueOf(STEPS));
            Map<String, byte[]> after = files(live);
            assertUntouched(before, after);
            assertThat(train.exit()).as(train.err()).isEqualTo(ExitCodes.RUN_IN_USE);
            assertThat(train.err().strip())
                    .startsWith(
                            "asrwb: " + live + " is being trained right now by pid " + child.pid())
                    .doesNotContain("internal error", "Exception")
                    .hasLineCount(1);

            TrainingChild.await(live, TrainingChild.type("checkpoint", 5), child);
            plant(live, SENTINEL);
            plant(live, SENTINEL_TRASH);
            before = files(live);
            CliRun resume = CliRun.run(db, "resume", live.toString());
            after = files(live);
            assertUntouched(before, after);
            assertThat(after).containsKeys(SENTINEL, SENTINEL_TRASH);
            assertThat(resume.exit()).as(resume.err()).isEqualTo(ExitCodes.RUN_IN_USE);
            assertThat(resume.err().strip())
                    .startsWith(
                            "asrwb: " + live + " is being trained right now by pid " + child.pid())
                    .hasLineCount(1);

            assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the live run ends").isTrue();
            assertThat(child.exitValue()).isZero();
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(TrainingChild.folded(live, "step", "loss"))
                .isEqualTo(expected); // bitwise: ND4J on CPU repeats exactly
        assertThat(TrainingChild.events(live))
                .filteredOn(e -> e.path("type").asText().equals("started"))
                .hasSize(1);

        // the run is finished: a second run is not appended to it
        Map<String, byte[]> before = files(live);
        CliRun again =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        other.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        live.toString());
        assertThat(again.exit()).as(again.err()).isEqualTo(ExitCodes.FAILED);
        assertThat(again.err().strip())
                .isEqualTo(
                        "asrwb: "
                                + live
                                + " already holds a run; resume it"
                                + " with 'asrwb resume "
                                + live
                                + "' or choose another run folder (--out)");
        Map<String, byte[]> after = files(live);
        before.remove("run.lock"); // taken and let go: its holder's line written and emptied again
        after.remove("run.lock");
        assertThat(after.keySet()).isEqualTo(before.keySet());
        before.forEach(
                (path, bytes) ->
                        assertThat(Arrays.equals(after.get(path), bytes))
                                .as("unchanged: " + path)
                                .isTrue());
    }

    /** What a refused command may not have done while the live run wrote on. */
    private static void assertUntouched(Map<String, byte[]> before, Map<String, byte[]> after) {
        Predicate<String> liveRunsOwnWrite =
                p ->
                        p.equals("checkpoints/latest")
                                || (p.startsWith("checkpoints/.tmp-") && !p.contains("planted"));
        before.forEach(
                (path, bytes) -> {
                    byte[] now = after.get(path);
                    // the live run's own append-only logs: its events and its TensorBoard file
                    if (path.equals("events.jsonl") || path.startsWith("tensorboard/")) {
                        assertThat(
                                        now.length >= bytes.length
                                                && Arrays.equals(
                                                        now,
                                                        0,
                                                        bytes.length,
                                                        bytes,
                                                        0,
                                                        bytes.length))
                                .as(path + " only grew at its end")
                                .isTrue();
                    } else if (!liveRunsOwnWrite.test(path)) {
                        assertThat(after).as("kept: " + path).containsKey(path);
                        assertThat(Arrays.equals(now, bytes)).as("unchanged: " + path).isTrue();
                    }
                });
        assertThat(after.keySet())
                .allSatisfy(
                        path ->
                                assertThat(
                                                before.containsKey(path)
                                                        || path.startsWith("checkpoints/"))
                                        .as("new: " + path)
                                        .isTrue());
    }

    private static void plant(Path runDir, String relative) throws IOException {
        Path file = runDir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "an unfinished write of another writer");
    }

    /** Every regular file under {@code root} by relative path; one that vanishes while read is left out. */
    private static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.toList();
        } catch (java.io.UncheckedIOException vanished) {
            return files(root); // a .tmp- folder renamed during the walk: walk again
        }
        for (Path p : paths) {
            try {
                if (Files.isRegularFile(p)) {
                    out.put(root.relativize(p).toString(), Files.readAllBytes(p));
                }
            } catch (NoSuchFileException vanished) {
                // the live run renamed or deleted its own write
            }
        }
        return out;
    }
}
