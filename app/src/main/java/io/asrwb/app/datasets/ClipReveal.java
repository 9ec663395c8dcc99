package io.asrwb.app.datasets;

import io.asrwb.app.words.ClipRequest;
import javafx.scene.control.TableView;

/**
 * Shows a clip another tab asked for (an error's row): its dataset selected, its row selected and
 * scrolled to (the filter cleared when it hides the row), its word tier told which word to select.
 */
final class ClipReveal {

    private ClipReveal() {}

    /** False when the catalog has no such dataset or utterance. */
    static boolean reveal(DatasetsViewModel vm, TableView<UtteranceRow> table, ClipRequest r) {
        vm.datasets().stream()
                .filter(d -> d.dataset().name().equals(r.dataset()))
                .findFirst()
                .ifPresent(vm.selectedProperty()::set);
        var d = vm.selectedProperty().get();
        if (d == null || !d.dataset().name().equals(r.dataset())) {
            return false;
        }
        UtteranceRow row = find(vm, r.uttId());
        if (row == null) {
            vm.filterProperty().set("");
            vm.flaggedOnlyProperty().set(false);
            vm.excludedOnlyProperty().set(false);
            vm.checkFlagsOnlyProperty().set(false);
            row = find(vm, r.uttId());
        }
        if (row == null) {
            return false;
        }
        vm.words().expect(r);
        UtteranceRow before = table.getSelectionModel().getSelectedItem();
        table.getSelectionModel().clearAndSelect(table.getItems().indexOf(row));
        table.scrollTo(row);
        if (before != null && before.id().equals(row.id())) {
            vm.showUtterance(row); // the same clip: the selection listener does not fire
        }
        return true;
    }

    private static UtteranceRow find(DatasetsViewModel vm, String id) {
        return vm.visibleUtterances().stream()
                .filter(u -> u.id().equals(id))
                .findFirst()
                .orElse(null);
    }
}
