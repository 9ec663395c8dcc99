package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.align.AlignmentRecord;
import io.asrwb.engine.align.AlignmentRepository;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asrwb align} with the demo model on part of the demo corpus: word spans of every test
 * utterance in the catalog, exported as CTM, TextGrid and Audacity labels, and again from the
 * catalog by {@code align export}.
 */
class AlignCommandTest {

    @TempDir Path dir;

    @Test
    void alignsASplitStoresItsWordsAndExportsThem() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 6));
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "mini",
                                        manifest.toString())
                                .exit())
                .isZero();
        Path model = DemoSubset.demoCorpus().resolveSibling("demo-model");
        Path out = dir.resolve("export");

        CliRun aligned =
                CliRun.run(
                        db,
                        "--porcelain",
                        "align",
                        "--model",
                        model.toString(),
                        "--dataset",
                        "mini",
                        "--decoder",
                        "greedy",
                        "--export",
                        "ctm,textgrid,audacity",
                        "--out",
                        out.toString());

        assertThat(aligned.exit()).as(aligned.err()).isZero();
        JsonNode summary = new ObjectMapper().readTree(aligned.lines().get(0));
        assertThat(summary.path("type").asText()).isEqualTo("align");
        assertThat(summary.path("utterances").asInt()).isEqualTo(6);
        assertThat(summary.path("aligned").asInt()).isEqualTo(6);
        assertThat(summary.path("mean_confidence").asDouble()).isBetween(0.5, 1.0);
        List<StoredAlignment> stored = new ArrayList<>();
        try (Catalog catalog = Catalog.open(db)) {
            catalog.read(
                    c -> {
                        long id = new DatasetRepository(c).require("mini").id();
                        AlignmentRecord a =
                                new AlignmentRepository(c).latest(id, "test").orElseThrow();
                        assertThat(a.step()).isPositive();
                        assertThat(a.frameSeconds())
                                .isEqualTo(0.03, org.assertj.core.api.Assertions.within(1e-9));
                        new AlignmentRepository(c).forEach(a.id(), stored::add);
                        return null;
                    });
        }
        assertThat(stored).hasSize(6);
        for (StoredAlignment s : stored) {
            assertThat(s.status()).isEqualTo(AlignmentRepository.ALIGNED);
            assertThat(s.referenceWords())
                    .extracting(w -> w.word())
                    .containsExactly(s.reference().split(" "));
            for (int i = 1; i < s.referenceWords().size(); i++) {
                assertThat(s.referenceWords().get(i).startSec())
                        .isGreaterThanOrEqualTo(s.referenceWords().get(i - 1).endSec());
            }
        }
        List<String> ctm = Files.readAllLines(out.resolve("alignment.ctm"));
        assertThat(ctm).hasSize(stored.stream().mapToInt(s -> s.referenceWords().size()).sum());
        assertThat(ctm.get(0)).matches("\\S+ 1 \\d+\\.\\d{3} \\d+\\.\\d{3} [a-z']+ [01]\\.\\d{3}");
        StoredAlignment first = stored.get(0);
        String grid = Files.readString(out.resolve(first.id() + ".TextGrid"));
        assertThat(grid)
                .startsWith("File type = \"ooTextFile\"")
                .contains("name = \"words\"")
                .contains("text = \"" + first.referenceWords().get(0).word() + "\"");
        assertThat(Files.readAllLines(out.resolve(first.id() + ".txt")))
                .hasSize(first.referenceWords().size())
                .allMatch(l -> l.matches("\\d+\\.\\d{6}\t\\d+\\.\\d{6}\t\\S+"));

        // the same alignment again from the catalog, without the model
        Path again = dir.resolve("again");
        CliRun exported =
                CliRun.run(
                        db,
                        "align",
                        "export",
                        "--dataset",
                        "mini",
                        "--export",
                        "ctm",
                        "--out",
                        again.toString());
        assertThat(exported.exit()).as(exported.err()).isZero();
        assertThat(exported.out()).contains("wrote ctm of 6 utterances to " + again);
        assertThat(Files.readAllLines(again.resolve("alignment.ctm"))).isEqualTo(ctm);
    }

    @Test
    void exportWithoutAStoredAlignmentSaysWhatToRunFirst() {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 1));
        CliRun.run(
                db, "dataset", "import", "--format", "nemo", "--name", "mini", manifest.toString());

        CliRun exported =
                CliRun.run(
                        db,
                        "align",
                        "export",
                        "--dataset",
                        "mini",
                        "--export",
                        "ctm",
                        "--out",
                        dir.resolve("x").toString());

        assertThat(exported.exit()).isNotZero();
        assertThat(exported.err())
                .contains(
                        "mini/test has no stored alignment; run 'asrwb align --model CKPT"
                                + " --dataset mini --split test' first");
    }

    @Test
    void anUnknownExportFormatIsAUsageError() {
        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "align",
                        "--model",
                        "m",
                        "--dataset",
                        "d",
                        "--export",
                        "srt",
                        "--out",
                        "x");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err())
                .contains("unknown export format 'srt': expected ctm, textgrid or audacity");
    }
}
