package io.asrwb.app.datasets;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.CheckBox;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;

/**
 * The virtualised utterance table. Sorting is handed to the view model (one plain sort of the
 * rows, NaN last); F toggles the flag and X the exclusion of the selected rows.
 */
final class UtteranceTableView extends TableView<UtteranceRow> {

    private final DatasetsViewModel vm;
    private String appliedSort = "";

    UtteranceTableView(DatasetsViewModel vm) {
        super(vm.visibleUtterances());
        this.vm = vm;
        setId("utterance-table");
        setEditable(true);
        getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        // Last CER right after the numbers: sorted worst-first it is where bad labels turn up.
        getColumns().add(text("Id", UtteranceRow::id, UtteranceSort.ID, 190));
        getColumns()
                .add(
                        number(
                                "Duration (s)",
                                UtteranceRow::durationSeconds,
                                UtteranceSort.DURATION,
                                "%.2f",
                                100));
        getColumns()
                .add(
                        number(
                                "Chars/s",
                                UtteranceRow::charsPerSecond,
                                UtteranceSort.CHARS_PER_SECOND,
                                "%.1f",
                                75));
        getColumns()
                .add(number("Last CER", UtteranceRow::lastCer, UtteranceSort.LAST_CER, "%.3f", 85));
        getColumns().add(text("Speaker", UtteranceRow::speaker, UtteranceSort.SPEAKER, 110));
        getColumns().add(text("Split", UtteranceRow::split, UtteranceSort.SPLIT, 55));
        getColumns()
                .add(
                        editable(
                                text(
                                        "Transcript",
                                        UtteranceRow::transcript,
                                        UtteranceSort.TRANSCRIPT,
                                        320),
                                vm.curation()::editTranscript));
        getColumns()
                .add(
                        toggle(
                                "Flag",
                                UtteranceRow::flagged,
                                UtteranceSort.FLAGGED,
                                vm.curation()::setFlagged));
        getColumns()
                .add(
                        toggle(
                                "Excl.",
                                UtteranceRow::excluded,
                                UtteranceSort.EXCLUDED,
                                vm.curation()::setExcluded));
        getColumns().add(text("Checks", UtteranceRow::flags, UtteranceSort.CHECKS, 180));
        getColumns()
                .add(
                        editable(
                                text("Note", UtteranceRow::note, UtteranceSort.NOTE, 160),
                                vm.curation()::setNote));
        setSortPolicy(
                t -> {
                    applySort();
                    return true;
                });
        addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
    }

    /** The selected rows as they are now. */
    List<UtteranceRow> selectedRows() {
        return List.copyOf(getSelectionModel().getSelectedItems());
    }

    /** Runs an edit and selects the same utterances afterwards, wherever they now stand. */
    void keepingSelection(Runnable edit) {
        Set<String> ids = selectedRows().stream().map(UtteranceRow::id).collect(Collectors.toSet());
        int focused = getFocusModel().getFocusedIndex();
        edit.run();
        getSelectionModel().clearSelection();
        for (int i = 0; i < getItems().size(); i++) {
            if (ids.contains(getItems().get(i).id())) {
                getSelectionModel().select(i);
            }
        }
        if (focused >= 0
                && focused < getItems().size()
                && ids.contains(getItems().get(focused).id())) {
            getFocusModel().focus(focused);
        }
    }

    private void onKey(KeyEvent e) {
        if (getEditingCell() != null || e.isShortcutDown() || e.isAltDown()) {
            return;
        }
        List<UtteranceRow> rows = selectedRows();
        if (rows.isEmpty()) {
            return;
        }
        if (e.getCode() == KeyCode.F) {
            boolean all = rows.stream().allMatch(UtteranceRow::flagged);
            keepingSelection(() -> vm.curation().setFlagged(rows, !all));
            e.consume();
        } else if (e.getCode() == KeyCode.X) {
            boolean all = rows.stream().allMatch(UtteranceRow::excluded);
            keepingSelection(() -> vm.curation().setExcluded(rows, !all));
            e.consume();
        }
    }

    private void applySort() {
        UtteranceSort column = UtteranceSort.SOURCE_ORDER;
        boolean ascending = true;
        if (!getSortOrder().isEmpty()) {
            TableColumn<UtteranceRow, ?> c = getSortOrder().get(0);
            column = (UtteranceSort) c.getUserData();
            ascending = c.getSortType() == TableColumn.SortType.ASCENDING;
        }
        String key = column + ":" + ascending;
        if (!key.equals(appliedSort)) { // our own setAll must not sort again
            appliedSort = key;
            UtteranceSort col = column;
            boolean asc = ascending;
            keepingSelection(() -> vm.sortBy(col, asc));
        }
    }

    private static <T> TableColumn<UtteranceRow, T> column(
            String title, Function<UtteranceRow, T> f, UtteranceSort sort, int width) {
        TableColumn<UtteranceRow, T> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        c.setUserData(sort);
        c.setPrefWidth(width);
        c.setEditable(false);
        return c;
    }

    private static TableColumn<UtteranceRow, String> text(
            String title, Function<UtteranceRow, String> f, UtteranceSort sort, int width) {
        return column(title, f, sort, width);
    }

    private TableColumn<UtteranceRow, String> editable(
            TableColumn<UtteranceRow, String> c, BiConsumer<UtteranceRow, String> commit) {
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setEditable(true);
        c.setOnEditCommit(
                e -> keepingSelection(() -> commit.accept(e.getRowValue(), e.getNewValue())));
        return c;
    }

    private static TableColumn<UtteranceRow, Double> number(
            String title,
            Function<UtteranceRow, Double> f,
            UtteranceSort sort,
            String format,
            int width) {
        TableColumn<UtteranceRow, Double> c = column(title, f, sort, width);
        c.setCellFactory(
                col ->
                        new TableCell<>() {
                            @Override
                            protected void updateItem(Double v, boolean empty) {
                                super.updateItem(v, empty);
                                setText(
                                        empty || v == null || v.isNaN()
                                                ? null
                                                : String.format(Locale.ROOT, format, v));
                            }
                        });
        return c;
    }

    private TableColumn<UtteranceRow, Boolean> toggle(
            String title,
            Function<UtteranceRow, Boolean> f,
            UtteranceSort sort,
            BiConsumer<UtteranceRow, Boolean> set) {
        TableColumn<UtteranceRow, Boolean> c = column(title, f, sort, 50);
        c.setCellFactory(
                col ->
                        new TableCell<>() {
                            private final CheckBox box = new CheckBox();

                            {
                                box.setFocusTraversable(false);
                                box.setOnAction(
                                        e -> {
                                            UtteranceRow row =
                                                    getTableRow() == null
                                                            ? null
                                                            : getTableRow().getItem();
                                            if (row != null) {
                                                keepingSelection(
                                                        () -> set.accept(row, box.isSelected()));
                                            }
                                        });
                            }

                            @Override
                            protected void updateItem(Boolean v, boolean empty) {
                                super.updateItem(v, empty);
                                if (empty || v == null) {
                                    setGraphic(null);
                                } else {
                                    box.setSelected(v);
                                    setGraphic(box);
                                }
                            }
                        });
        return c;
    }
}
