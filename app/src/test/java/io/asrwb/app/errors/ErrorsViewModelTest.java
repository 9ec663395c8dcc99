package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.app.words.WordFocus;
import io.asrwb.engine.analysis.ErrorReport;
import io.asrwb.engine.analysis.EvalRepository;
import io.asrwb.engine.analysis.WordEdit;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Errors tab's view model as a plain object: the demo model on part of the demo corpus. */
class ErrorsViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private ErrorsViewModel vm;
    private final List<ClipRequest> opened = new ArrayList<>();

    @BeforeEach
    void importPartOfTheDemoCorpus() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = MislabelledSubset.write(dir.resolve("corpus"), 6);
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        new DatasetsViewModel(ctx)
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        vm = new ErrorsViewModel(ctx);
        vm.datasetProperty().set("mini");
        vm.modelProperty().set(demoModel());
        vm.setOpenClip(opened::add);
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    private static Path demoModel() {
        return DemoSubset.demoCorpus().resolveSibling("demo-model");
    }

    @Test
    void evaluatesTheSplitThenListsUtterancesMostErrorsFirstWithTheCorpusTables() {
        vm.evaluate();

        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.progressProperty().get()).isEqualTo(1.0);
        assertThat(vm.rows()).hasSize(6);
        assertThat(vm.rows())
                .extracting(r -> -r.scored().wordErrors())
                .as("most word errors first")
                .isSorted();
        assertThat(vm.selectedProperty().get()).isEqualTo(vm.rows().get(0));
        assertThat(vm.rows().get(0).scored().reference())
                .as("the mislabelled clip comes first")
                .startsWith(MislabelledSubset.WRONG + " ");
        assertThat(vm.rows().get(0).scored().edits())
                .extracting(WordEdit::kind)
                .contains(WordEdit.Kind.SUBSTITUTION);
        assertThat(vm.substitutions())
                .extracting(ErrorReport.Substitution::reference)
                .contains(MislabelledSubset.WRONG);
        assertThat(vm.words())
                .filteredOn(w -> w.word().equals(MislabelledSubset.EXTRA))
                .singleElement()
                .satisfies(w -> assertThat(w.accuracy()).isZero());
        ErrorReport report = vm.reportProperty().get();
        int errors = vm.rows().stream().mapToInt(r -> r.scored().wordErrors()).sum();
        int words = vm.rows().stream().mapToInt(r -> r.scored().referenceWords()).sum();
        assertThat(report.wordErrors()).isEqualTo(errors);
        assertThat(report.referenceWords()).isEqualTo(words).isPositive();
        long substitutions =
                vm.rows().stream()
                        .flatMap(r -> r.scored().edits().stream())
                        .filter(e -> e.kind() == WordEdit.Kind.SUBSTITUTION)
                        .count();
        assertThat(vm.substitutions().stream().mapToInt(ErrorReport.Substitution::count).sum())
                .isEqualTo(substitutions);
        assertThat(vm.words()).isNotEmpty();
        assertThat(vm.speakers().stream().mapToInt(ErrorReport.GroupWer::utterances).sum())
                .isEqualTo(6);
        assertThat(vm.durations().stream().mapToInt(ErrorReport.GroupWer::wordErrors).sum())
                .isEqualTo(errors);
        assertThat(vm.folders().stream().mapToInt(ErrorReport.GroupWer::referenceWords).sum())
                .isEqualTo(words);
        assertThat(vm.statusProperty().get())
                .startsWith("6 utterances, " + words + " reference words, " + errors);
        assertThat(vm.rows()).allSatisfy(r -> assertThat(r.audio()).exists());
    }

    @Test
    void keepsTheEvaluationInTheCatalogHistoryAsTheCliDoes() {
        vm.evaluate();

        Map<String, List<Double>> history =
                catalog.read(
                        c ->
                                new EvalRepository(c)
                                        .cerHistory(new DatasetRepository(c).require("mini").id()));
        assertThat(history).hasSize(6);
        assertThat(history.values()).allSatisfy(cers -> assertThat(cers).hasSize(1));
    }

    @Test
    void openSendsTheSelectedUtterancesClipWithItsFirstWrongWord() {
        vm.evaluate();
        ErrorRow worst = vm.rows().get(0);
        vm.selectedProperty().set(worst);

        vm.openSelected();

        assertThat(worst.scored().wordErrors()).isPositive();
        assertThat(opened)
                .containsExactly(
                        new ClipRequest(
                                "mini",
                                SplitChoice.TEST,
                                worst.id(),
                                WordFocus.firstError(worst.scored().edits()),
                                demoModel()));
        assertThat(opened.get(0).focus()).isPresent();
    }

    @Test
    void aCancelledEvaluationStopsBeforeDecodingAndStoresNothing() {
        TaskContext cancelled =
                new TaskContext() {
                    @Override
                    public void progress(long done, long total, String message) {}

                    @Override
                    public boolean isCancelled() {
                        return true;
                    }
                };

        assertThatThrownBy(
                        () ->
                                SplitScorer.score(
                                        catalog, "mini", SplitChoice.TEST, demoModel(), cancelled))
                .isInstanceOf(CancellationException.class);
        Map<String, List<Double>> history =
                catalog.read(
                        c ->
                                new EvalRepository(c)
                                        .cerHistory(new DatasetRepository(c).require("mini").id()));
        assertThat(history).isEmpty();
    }

    @Test
    void withoutACheckpointItAsksForOne() {
        vm.modelProperty().set(null);

        vm.evaluate();

        assertThat(vm.statusProperty().get()).isEqualTo("Choose a dataset and a checkpoint first");
        assertThat(vm.rows()).isEmpty();
    }
}
