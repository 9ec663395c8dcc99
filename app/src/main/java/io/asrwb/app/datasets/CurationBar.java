package io.asrwb.app.datasets;

import io.asrwb.app.layout.Compact;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/** Above the table: the filter, the quick toggles, bulk actions on the selection, undo and redo. */
final class CurationBar extends HBox {

    CurationBar(DatasetsViewModel vm, UtteranceTableView table) {
        super(6);
        setPadding(new Insets(3, 4, 3, 4));
        setAlignment(Pos.CENTER_LEFT);
        TextField filter = new TextField();
        filter.setId("utterance-filter");
        filter.setPromptText("Filter by id, text, speaker, note or check");
        filter.textProperty().bindBidirectional(vm.filterProperty());
        HBox.setHgrow(filter, Priority.ALWAYS);

        ToggleButton flagged = toggle("Flagged", "flagged-only", vm.flaggedOnlyProperty());
        ToggleButton excluded = toggle("Excluded", "excluded-only", vm.excludedOnlyProperty());
        ToggleButton checks = toggle("Has checks", "checks-only", vm.checkFlagsOnlyProperty());

        Button flag =
                bulk(
                        "Flag",
                        "Flag the selected rows (F)",
                        table,
                        () -> vm.curation().setFlagged(table.selectedRows(), true));
        Button unflag =
                bulk(
                        "Unflag",
                        "Unflag the selected rows",
                        table,
                        () -> vm.curation().setFlagged(table.selectedRows(), false));
        Button exclude =
                bulk(
                        "Exclude",
                        "Exclude the selected rows from training and export (X)",
                        table,
                        () -> vm.curation().setExcluded(table.selectedRows(), true));
        Button include =
                bulk(
                        "Include",
                        "Include the selected rows again",
                        table,
                        () -> vm.curation().setExcluded(table.selectedRows(), false));

        Button undo = new Button("↶");
        undo.setId("undo-button");
        undo.disableProperty().bind(vm.curation().canUndoProperty().not());
        undo.setOnAction(e -> table.keepingSelection(vm.curation()::undo));
        undo.tooltipProperty()
                .bind(
                        Bindings.createObjectBinding(
                                () ->
                                        new Tooltip(
                                                vm.curation().undoTextProperty().get()
                                                        + " (Ctrl+Z)"),
                                vm.curation().undoTextProperty()));
        Button redo = new Button("↷");
        redo.setId("redo-button");
        redo.disableProperty().bind(vm.curation().canRedoProperty().not());
        redo.setOnAction(e -> table.keepingSelection(vm.curation()::redo));
        redo.tooltipProperty()
                .bind(
                        Bindings.createObjectBinding(
                                () ->
                                        new Tooltip(
                                                vm.curation().redoTextProperty().get()
                                                        + " (Ctrl+Shift+Z)"),
                                vm.curation().redoTextProperty()));

        Label count = new Label();
        count.setId("shown-count");
        count.textProperty().bind(Bindings.size(vm.visibleUtterances()).asString("%d shown"));
        // The filter gives way when the row is short; these keep their texts whole.
        Compact.whole(flagged, excluded, checks, flag, unflag, exclude, include, undo, redo, count);
        filter.setMinWidth(120);
        getChildren()
                .addAll(
                        filter, flagged, excluded, checks, flag, unflag, exclude, include, undo,
                        redo, count);
    }

    private static ToggleButton toggle(
            String text, String id, javafx.beans.property.BooleanProperty p) {
        ToggleButton b = new ToggleButton(text);
        b.setId(id);
        b.selectedProperty().bindBidirectional(p);
        return b;
    }

    private static Button bulk(String text, String tip, UtteranceTableView table, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.disableProperty().bind(Bindings.isEmpty(table.getSelectionModel().getSelectedItems()));
        b.setOnAction(e -> table.keepingSelection(action));
        return b;
    }
}
