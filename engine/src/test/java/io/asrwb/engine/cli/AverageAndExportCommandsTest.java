package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.testing.DemoSubset;
import io.asrwb.engine.train.average.AveragedFrom;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code asrwb average} and {@code asrwb export} as a user types them, on the demo model. */
class AverageAndExportCommandsTest {

    private static final Path DEMO_MODEL = Path.of("..", "assets", "demo-model");

    @TempDir Path dir;

    @Test
    void averageWithEvalPrintsEachMemberAndTheAverage() throws Exception {
        // a run folder whose two checkpoints are the demo model: their average is the demo model
        Path run = dir.resolve("run");
        for (String step : List.of("step-000000001", "step-000000002")) {
            Path target = Files.createDirectories(run.resolve("checkpoints").resolve(step));
            try (Stream<Path> files = Files.list(DEMO_MODEL)) {
                for (Path f : files.toList()) {
                    Files.copy(f, target.resolve(f.getFileName()));
                }
            }
        }
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 4));
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "mini",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        Path out = dir.resolve("averaged");

        CliRun averaged =
                CliRun.run(
                        db,
                        "average",
                        "--out",
                        out.toString(),
                        run.toString(),
                        "--last",
                        "2",
                        "--eval",
                        "mini",
                        "--decoder",
                        "greedy");

        assertThat(averaged.exit()).as(averaged.err()).isZero();
        assertThat(averaged.lines().get(0))
                .startsWith("averaged 2 checkpoints (last 2: step-000000001, step-000000002)");
        List<String> scores = averaged.lines().subList(1, averaged.lines().size());
        assertThat(scores).hasSize(3);
        assertThat(scores.get(0)).startsWith("member").contains("step-000000001", "mini/test");
        assertThat(scores.get(2)).startsWith("average");
        // identical members: the average scores what they score
        assertThat(scores.get(2).substring(scores.get(2).indexOf("WER")))
                .isEqualTo(scores.get(0).substring(scores.get(0).indexOf("WER")));
        assertThat(AveragedFrom.readFrom(out)).isPresent();

        CliRun again =
                CliRun.run(db, "average", "--out", out.toString(), run.toString(), "--last", "2");
        assertThat(again.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(again.err()).contains("--out " + out + " exists");

        CliRun both =
                CliRun.run(
                        db, "average", "--out", "x", run.toString(), "--last", "2", "--best", "1");
        assertThat(both.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("mutually exclusive");
    }

    @Test
    void exportWritesAnOnnxFile() throws Exception {
        Path out = dir.resolve("demo.onnx");

        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "export",
                        "--format",
                        "onnx",
                        DEMO_MODEL.toString(),
                        out.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("wrote " + out + " (onnx, 5.8 MB, 1,446,141 parameters");
        assertThat(Files.size(out)).isGreaterThan(5_000_000);
    }
}
