package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk during a checkpoint and during an import is one line that says what is needed and
 * what to do, no stack trace; the run can be resumed, the import left nothing behind. Real full
 * disks: a tmpfs of a few hundred KB in a mount namespace ({@link TinyDisk}).
 */
class DiskFullTest {

    @TempDir Path dir;

    @Test
    void aCheckpointOnAFullDiskSaysWhatItNeedsAndWhereTheRunResumes() throws Exception {
        TinyDisk.assumeAvailable(dir);
        Path db = dir.resolve("catalog");
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        TinyDisk.demoManifest().toString())
                                .exit())
                .isZero();
        Path config = dir.resolve("run.yaml");
        Files.writeString(
                config,
                TinyCliConfig.YAML.replace(
                                "  val_splits: []", "  val_splits: []\n  max_duration_s: 0.6")
                        + "train:\n  checkpoint_every_steps: 1\n  keep_last: 1\n");
        // how big one checkpoint is, measured on a disk with room
        Path roomy = dir.resolve("roomy");
        CliRun first =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        roomy.toString(),
                        "--max-steps",
                        "1");
        assertThat(first.exit()).as(first.err()).isZero();
        long checkpoint = sizeOf(roomy.resolve("checkpoints"));

        // room for one checkpoint and the run's other files, not for a second one beside it
        Path mnt = dir.resolve("mnt");
        Path run = mnt.resolve("run");
        long size = checkpoint * 3 / 2 + 64 * 1024;
        List<TinyDisk.Result> r =
                TinyDisk.run(
                        dir,
                        mnt,
                        (size / 1024) + "k",
                        List.of(
                                List.of(
                                        "--db",
                                        db.toString(),
                                        "train",
                                        "--config",
                                        config.toString(),
                                        "--dataset",
                                        "demo",
                                        "--out",
                                        run.toString(),
                                        "--max-steps",
                                        "6")));
        TinyDisk.Result full = r.get(0);
        assertThat(full.exit()).as(full.out() + full.err()).isEqualTo(ExitCodes.FAILED);
        String all = full.out() + full.err();
        assertThat(all)
                .contains("cannot write checkpoint " + run.resolve("checkpoints"))
                .contains("no space left on device (needs ~")
                .contains("free space or use another run folder")
                .containsPattern("the run can be resumed from step [1-5]");
        assertThat(all).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(full.err().lines().filter(l -> l.contains("cannot write checkpoint")))
                .singleElement()
                .asString()
                .startsWith("asrwb: training failed at step ");
        assertThat(full.out()).doesNotContain("cannot write checkpoint");
    }

    @Test
    void anImportOnAFullDiskIsRolledBackWithOneLine() throws Exception {
        TinyDisk.assumeAvailable(dir);
        Path mnt = dir.resolve("mnt");
        Path db = mnt.resolve("catalog");
        List<TinyDisk.Result> r =
                TinyDisk.run(
                        dir,
                        mnt,
                        "600k", // the empty catalog is ~400 KB (schema V6), the demo import ~1 MB
                        List.of(
                                List.of("--db", db.toString(), "dataset", "list"),
                                List.of(
                                        "--db",
                                        db.toString(),
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        TinyDisk.demoManifest().toString()),
                                List.of("--db", db.toString(), "dataset", "list")));
        assertThat(r.get(0).exit()).as(r.get(0).err()).isZero();
        TinyDisk.Result full = r.get(1);
        assertThat(full.exit()).as(full.out() + full.err()).isEqualTo(ExitCodes.FAILED);
        assertThat(full.err())
                .contains("cannot import 'demo': no space left on device")
                .contains("the import was rolled back, nothing was imported; free space")
                .doesNotContain("90098")
                .doesNotContain("\tat ");
        assertThat(full.err().strip().lines()).hasSize(1);
        TinyDisk.Result after =
                r.get(2); // the disk is still full: even the lock file cannot be written
        if (after.exit() != 0) {
            assertThat(after.err())
                    .contains("no space left on device")
                    .contains("free space on that disk")
                    .doesNotContain("check that its folder is writable");
        } else {
            assertThat(after.out()).contains("no datasets");
        }
    }

    private static long sizeOf(Path folder) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
