package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.UtteranceRepository;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sorting by the last evaluation's CER, worst first, puts never-evaluated rows last. */
class LastCerSortTest {

    @TempDir Path tmp;

    @Test
    void worstCerFirstAndUnevaluatedLastInBothDirections() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            long id =
                    SmallCorpus.imported(catalog, manifest).selectedProperty().get().dataset().id();
            double[] cer = {0.10, 0.90, 0.40};
            String[] ids = {"u03", "u07", "u09"};
            catalog.read(
                    c -> {
                        UtteranceRepository repo = new UtteranceRepository(c);
                        for (int i = 0; i < ids.length; i++) {
                            repo.setLastCer(id, ids[i], cer[i]);
                        }
                        return null;
                    });
            DatasetsViewModel vm = SmallCorpus.open(catalog);

            vm.sortBy(UtteranceSort.LAST_CER, false);
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .startsWith("u07", "u09", "u03");
            assertThat(vm.visibleUtterances().subList(3, SmallCorpus.SIZE))
                    .allMatch(r -> Double.isNaN(r.lastCer()));

            vm.sortBy(UtteranceSort.LAST_CER, true);
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .startsWith("u03", "u09", "u07");

            vm.sortBy(UtteranceSort.DURATION, false);
            assertThat(vm.visibleUtterances().get(0).id()).isEqualTo("u11");
            vm.sortBy(UtteranceSort.SOURCE_ORDER, true);
            assertThat(vm.visibleUtterances().get(0).id()).isEqualTo("u00");
        }
    }

    @Test
    void aReloadShowsCersAnEvaluationWroteAndKeepsTheOrderAndFilter() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            long id = vm.selectedProperty().get().dataset().id();
            vm.sortBy(UtteranceSort.LAST_CER, false);
            vm.curation()
                    .setFlagged(
                            vm.visibleUtterances().get(5),
                            true); // an edit to undo after the reload
            assertThat(vm.visibleUtterances()).allMatch(r -> Double.isNaN(r.lastCer()));

            catalog.read(
                    c -> { // what a run's evaluation writes while the view is open
                        new UtteranceRepository(c).setLastCer(id, "u09", 0.75);
                        return null;
                    });
            vm.reloadUtterances();

            assertThat(vm.visibleUtterances().get(0))
                    .satisfies(
                            r -> {
                                assertThat(r.id()).isEqualTo("u09");
                                assertThat(r.lastCer()).isEqualTo(0.75);
                            });
            assertThat(vm.curation().canUndoProperty().get()).isTrue();
        }
    }
}
