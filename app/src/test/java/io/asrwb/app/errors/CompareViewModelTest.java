package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.app.words.WordFocus;
import io.asrwb.app.words.WordSpan;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The A/B view model on the demo model and part of the demo corpus. Only one trained checkpoint
 * ships, so A and B are the same model here: every utterance unchanged, a zero difference that is
 * not significant (a real difference is {@link ComparisonTest}'s).
 */
class CompareViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private CompareViewModel vm;

    @BeforeEach
    void importPartOfTheDemoCorpus() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = MislabelledSubset.write(dir.resolve("corpus"), 5);
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        new DatasetsViewModel(ctx)
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        vm = new CompareViewModel(ctx);
        vm.datasetProperty().set("mini");
        Path model = DemoSubset.demoCorpus().resolveSibling("demo-model");
        vm.modelAProperty().set(model);
        vm.modelBProperty().set(model);
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void theSameCheckpointTwiceChangesNothingAndSaysSo() {
        vm.compare();

        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isEqualTo(1.0);
        assertThat(vm.rows()).hasSize(5);
        assertThat(vm.rows()).extracting(CompareRow::change).containsOnly(Change.UNCHANGED);
        assertThat(vm.rows())
                .allSatisfy(r -> assertThat(r.b().hypothesis()).isEqualTo(r.a().hypothesis()));
        assertThat(vm.statusProperty().get()).endsWith("0 improved, 0 regressed, 5 unchanged");
        assertThat(vm.verdictProperty().get())
                .startsWith("WER(B) - WER(A) = +0.00 points, 95 % interval [+0.00, +0.00]")
                .endsWith("not significant: the interval holds 0");
    }

    @Test
    void theFilterListsOneKindOfChange() {
        vm.compare();

        vm.filterProperty().set(Change.REGRESSED);
        assertThat(vm.rows()).isEmpty();

        vm.filterProperty().set(Change.UNCHANGED);
        assertThat(vm.rows()).hasSize(5);

        vm.filterProperty().set(null);
        assertThat(vm.rows()).hasSize(5);
    }

    @Test
    void openingARowAsksForItsClipWithTheFirstWrongWordAndCheckpointB() {
        List<ClipRequest> opened = new ArrayList<>();
        vm.setOpenClip(opened::add);
        vm.compare();
        CompareRow wrong =
                vm.rows().stream().filter(r -> r.b().wordErrors() > 0).findFirst().orElseThrow();

        vm.open(wrong);

        assertThat(opened)
                .containsExactly(
                        new ClipRequest(
                                "mini",
                                SplitChoice.TEST,
                                wrong.id(),
                                WordFocus.firstError(wrong.b().edits()),
                                vm.modelBProperty().get()));
        assertThat(opened.get(0).focus())
                .as("MislabelledSubset's first label starts with a wrong word")
                .contains(new WordFocus(WordSpan.Tier.REFERENCE, 0));
    }

    @Test
    void withoutBothCheckpointsItAsksForThem() {
        vm.modelBProperty().set(null);

        vm.compare();

        assertThat(vm.statusProperty().get())
                .isEqualTo("Choose a dataset and checkpoints A and B first");
    }
}
