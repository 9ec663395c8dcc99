package io.asrwb.app.datasets;

import io.asrwb.engine.store.DatasetSummary;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.Window;

/** Datasets on the left, the selected dataset's utterances in a table, import and status below. */
public final class DatasetsView extends BorderPane {

  private final DatasetsViewModel vm;
  private final TableView<UtteranceRow> table = new TableView<>();

  public DatasetsView(DatasetsViewModel vm) {
    this.vm = vm;
    getStyleClass().add("datasets-view");

    ListView<DatasetSummary> list = new ListView<>(vm.datasets());
    list.setId("dataset-list");
    list.setCellFactory(v -> new ListCell<>() {
      @Override
      protected void updateItem(DatasetSummary d, boolean empty) {
        super.updateItem(d, empty);
        setText(empty || d == null ? null : String.format(Locale.ROOT, "%s  (%d, %.2f h)",
            d.dataset().name(), d.count(), d.hours()));
      }
    });
    vm.selectedProperty().addListener((o, a, b) -> {
      if (list.getSelectionModel().getSelectedItem() != b) {
        list.getSelectionModel().select(b);
      }
    });
    list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
      if (b != null) {
        vm.selectedProperty().set(b);
      }
    });
    list.setPrefWidth(220);

    buildTable();
    TextField filter = new TextField();
    filter.setId("utterance-filter");
    filter.setPromptText("Filter by id, text, speaker or flag");
    filter.textProperty().bindBidirectional(vm.filterProperty());
    HBox.setHgrow(filter, Priority.ALWAYS);
    Label count = new Label();
    count.textProperty().bind(javafx.beans.binding.Bindings.size(vm.visibleUtterances()).asString("%d shown"));
    BorderPane center = new BorderPane(table);
    HBox filterBar = new HBox(8, filter, count);
    filterBar.setPadding(new Insets(4));
    center.setTop(filterBar);

    SplitPane split = new SplitPane(list, center);
    split.setDividerPositions(0.22);
    setCenter(split);
    setBottom(statusBar());
  }

  private void buildTable() {
    table.setId("utterance-table");
    table.setItems(new javafx.collections.transformation.SortedList<>(vm.visibleUtterances()));
    ((javafx.collections.transformation.SortedList<UtteranceRow>) table.getItems())
        .comparatorProperty().bind(table.comparatorProperty());
    table.setEditable(true);
    table.getColumns().add(textColumn("Id", UtteranceRow::id, 150));
    table.getColumns().add(numberColumn("Duration (s)", UtteranceRow::durationSeconds, "%.2f"));
    table.getColumns().add(numberColumn("Chars/s", UtteranceRow::charsPerSecond, "%.1f"));
    table.getColumns().add(textColumn("Speaker", UtteranceRow::speaker, 120));
    table.getColumns().add(textColumn("Split", UtteranceRow::split, 60));
    TableColumn<UtteranceRow, String> text = textColumn("Transcript", UtteranceRow::transcript, 320);
    text.setCellFactory(TextFieldTableCell.forTableColumn());
    text.setEditable(true);
    text.setOnEditCommit(e -> vm.editTranscript(e.getRowValue(), e.getNewValue()));
    table.getColumns().add(text);
    table.getColumns().add(toggleColumn("Flag", UtteranceRow::flagged, vm::setFlagged));
    table.getColumns().add(toggleColumn("Excl.", UtteranceRow::excluded, vm::setExcluded));
    table.getColumns().add(textColumn("Checks", UtteranceRow::flags, 200));
    table.getColumns().add(numberColumn("Last CER", UtteranceRow::lastCer, "%.3f"));
  }

  private static TableColumn<UtteranceRow, String> textColumn(String title, Function<UtteranceRow, String> f, int w) {
    TableColumn<UtteranceRow, String> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
    c.setPrefWidth(w);
    c.setEditable(false);
    return c;
  }

  private static TableColumn<UtteranceRow, Double> numberColumn(
      String title, Function<UtteranceRow, Double> f, String format) {
    TableColumn<UtteranceRow, Double> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
    c.setCellFactory(col -> new TableCell<>() {
      @Override
      protected void updateItem(Double v, boolean empty) {
        super.updateItem(v, empty);
        setText(empty || v == null || v.isNaN() ? null : String.format(Locale.ROOT, format, v));
      }
    });
    c.setEditable(false);
    c.setPrefWidth(90);
    return c;
  }

  private static TableColumn<UtteranceRow, Boolean> toggleColumn(
      String title, Function<UtteranceRow, Boolean> f, java.util.function.BiConsumer<UtteranceRow, Boolean> set) {
    TableColumn<UtteranceRow, Boolean> c = new TableColumn<>(title);
    c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
    c.setCellFactory(col -> new TableCell<>() {
      private final CheckBox box = new CheckBox();

      {
        box.setOnAction(e -> {
          UtteranceRow row = getTableRow() == null ? null : getTableRow().getItem();
          if (row != null) {
            set.accept(row, box.isSelected());
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
    c.setPrefWidth(50);
    return c;
  }

  private HBox statusBar() {
    Button importButton = new Button("Import…");
    importButton.setId("import-button");
    importButton.disableProperty().bind(vm.busyProperty());
    importButton.setOnAction(e -> new ImportDialog(windowOf()).showAndWait().ifPresent(vm::importDataset));
    Button cancel = new Button("Cancel");
    cancel.setId("cancel-button");
    cancel.visibleProperty().bind(vm.busyProperty());
    cancel.setOnAction(e -> vm.cancel());
    ProgressBar bar = new ProgressBar();
    bar.progressProperty().bind(vm.progressProperty());
    bar.visibleProperty().bind(vm.busyProperty());
    Label status = new Label();
    status.setId("status-label");
    status.textProperty().bind(vm.statusProperty());
    HBox box = new HBox(8, importButton, cancel, bar, status);
    box.setPadding(new Insets(6));
    return box;
  }

  private Window windowOf() {
    return getScene() == null ? null : getScene().getWindow();
  }
}
