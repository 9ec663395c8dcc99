package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every curation edit undoes and redoes, and each direction is on disk at once (real H2 file). */
class CurationUndoTest {

    @TempDir Path tmp;

    private static UtteranceRow row(DatasetsViewModel vm, String id) {
        return vm.visibleUtterances().stream()
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, CurationState> stored(Catalog catalog, DatasetsViewModel vm) {
        long id = vm.selectedProperty().get().dataset().id();
        return catalog.read(c -> new CurationRepository(c).of(id));
    }

    @Test
    void undoAndRedoOfEveryKindOfEditArePersistedBothWays() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        Path db = tmp.resolve("catalog");
        String u0;
        String u1;
        String u2;
        String u3;
        try (Catalog catalog = Catalog.open(db)) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            List<UtteranceRow> rows = List.copyOf(vm.visibleUtterances());
            u0 = rows.get(0).id();
            u1 = rows.get(1).id();
            u2 = rows.get(2).id();
            u3 = rows.get(3).id();
            assertThat(vm.curation().canUndoProperty().get()).isFalse();

            vm.curation().setFlagged(rows.get(0), true);
            vm.curation().setExcluded(rows.get(1), true);
            vm.curation().editTranscript(rows.get(2), "fixed words");
            vm.curation().setNote(rows.get(3), "speaker coughs");
            vm.curation().setFlagged(rows.subList(4, 10), true);
            assertThat(vm.curation().undoTextProperty().get()).isEqualTo("Undo flag 6 utterances");
            assertThat(stored(catalog, vm)).hasSize(10);

            vm.curation().undo(); // the bulk flag
            assertThat(vm.visibleUtterances().subList(4, 10)).noneMatch(UtteranceRow::flagged);
            assertThat(stored(catalog, vm)).hasSize(4); // untouched again: their rows are gone
            vm.curation().undo(); // the note
            assertThat(row(vm, u3).note()).isEmpty();
            assertThat(stored(catalog, vm)).doesNotContainKey(u3);
            vm.curation().undo(); // the transcript
            assertThat(row(vm, u2).transcript()).isEqualTo(row(vm, u2).importedTranscript());
            assertThat(row(vm, u2).edited()).isFalse();
            vm.curation().redo(); // the transcript again
            vm.curation().redo(); // the note again
            assertThat(vm.curation().canRedoProperty().get()).isTrue();
            assertThat(vm.curation().redoTextProperty().get()).isEqualTo("Redo flag 6 utterances");
            assertThat(row(vm, u3).note()).isEqualTo("speaker coughs");
            assertThat(vm.statusProperty().get()).isEqualTo("Redone: note on " + u3);
        }
        try (Catalog reopened = Catalog.open(db)) {
            DatasetsViewModel vm = SmallCorpus.open(reopened);
            assertThat(row(vm, u0).flagged()).isTrue();
            assertThat(row(vm, u1).excluded()).isTrue();
            assertThat(row(vm, u2).transcript()).isEqualTo("fixed words");
            assertThat(row(vm, u2).edited()).isTrue();
            assertThat(row(vm, u3).note()).isEqualTo("speaker coughs");
            assertThat(vm.visibleUtterances().stream().filter(UtteranceRow::flagged)).hasSize(1);
            assertThat(stored(reopened, vm)).containsOnlyKeys(u0, u1, u2, u3);
            assertThat(vm.curation().canUndoProperty().get())
                    .isFalse(); // history is per session; the data is not
        }
    }

    @Test
    void undoRestoresTheExactEarlierStateAndANewEditDropsTheRedo() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            List<UtteranceRow> rows = List.copyOf(vm.visibleUtterances());
            vm.curation().setExcluded(rows.subList(0, 2), true);
            CurationState before = stored(catalog, vm).get(rows.get(0).id());

            vm.curation().setExcluded(rows.subList(0, 5), true); // only three rows change
            assertThat(vm.curation().undoTextProperty().get())
                    .isEqualTo("Undo exclude 5 utterances");
            vm.curation().undo();
            assertThat(stored(catalog, vm)).containsOnlyKeys(rows.get(0).id(), rows.get(1).id());
            assertThat(stored(catalog, vm).get(rows.get(0).id())).isEqualTo(before);

            vm.curation()
                    .setExcluded(
                            List.copyOf(vm.visibleUtterances().subList(0, 2)),
                            false); // include again
            assertThat(vm.curation().canRedoProperty().get()).isFalse();
            assertThat(stored(catalog, vm)).isEmpty();
            vm.curation().undo();
            assertThat(vm.visibleUtterances().subList(0, 2)).allMatch(UtteranceRow::excluded);

            UtteranceRow r = vm.visibleUtterances().get(5);
            vm.curation().editTranscript(r, "new text");
            vm.curation()
                    .editTranscript(
                            row(vm, r.id()),
                            r.importedTranscript()); // back to the import: no edit left
            assertThat(row(vm, r.id()).edited()).isFalse();
            assertThat(stored(catalog, vm)).doesNotContainKey(r.id());
            vm.curation().setFlagged(row(vm, r.id()), false); // nothing to change: no undo step
            assertThat(vm.curation().undoTextProperty().get())
                    .isEqualTo("Undo transcript edit of " + r.id());
        }
    }

    @Test
    void quickTogglesFollowEditsAndUndo() throws Exception {
        Path manifest = SmallCorpus.write(tmp);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = SmallCorpus.imported(catalog, manifest);
            List<UtteranceRow> rows = List.copyOf(vm.visibleUtterances());
            vm.curation().setFlagged(rows.subList(0, 3), true);
            vm.curation().setExcluded(rows.get(5), true);

            vm.flaggedOnlyProperty().set(true);
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .containsExactly(rows.get(0).id(), rows.get(1).id(), rows.get(2).id());
            vm.curation().setFlagged(vm.visibleUtterances().get(1), false);
            assertThat(vm.visibleUtterances()).hasSize(2);
            vm.curation().undo(); // the row comes back, in its place
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .containsExactly(rows.get(0).id(), rows.get(1).id(), rows.get(2).id());

            vm.flaggedOnlyProperty().set(false);
            vm.excludedOnlyProperty().set(true);
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .containsExactly(rows.get(5).id());
            vm.excludedOnlyProperty().set(false);

            vm.checkFlagsOnlyProperty().set(true); // u10 and u11 share a transcript
            assertThat(vm.visibleUtterances())
                    .allMatch(UtteranceRow::hasCheckFlags)
                    .extracting(UtteranceRow::id)
                    .contains("u10", "u11")
                    .doesNotContain("u05");
            vm.filterProperty().set("U11");
            assertThat(vm.visibleUtterances()).extracting(UtteranceRow::id).containsExactly("u11");
            vm.checkFlagsOnlyProperty().set(false);
            vm.filterProperty().set("coughs");
            assertThat(vm.visibleUtterances()).isEmpty();
            vm.curation().setNote(rows.get(7), "coughs"); // hidden row gains the text: shown
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .containsExactly(rows.get(7).id());
        }
    }
}
