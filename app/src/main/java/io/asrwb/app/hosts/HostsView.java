package io.asrwb.app.hosts;

import io.asrwb.app.layout.Compact;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * The Hosts tab: the inventory as a table with each host's last test result, buttons to add,
 * edit, remove and test. A host key that changed is shown in an error dialog, never accepted.
 */
public final class HostsView extends BorderPane {

    private final HostsViewModel vm;

    public HostsView(HostsViewModel vm) {
        this.vm = vm;
        setId("hosts-view");
        setTop(toolbar());
        setCenter(table());
        Label status = new Label();
        status.setId("hosts-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        status.setPadding(new Insets(4, 8, 4, 8));
        setBottom(status);
        vm.refusalProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                showRefusal(now);
                            }
                        });
    }

    private HBox toolbar() {
        Button add = new Button("Add…");
        add.setId("hosts-add");
        add.setOnAction(e -> edit(null));
        Button edit = new Button("Edit…");
        edit.setId("hosts-edit");
        edit.disableProperty().bind(vm.selectedProperty().isNull());
        edit.setOnAction(e -> edit(vm.selectedProperty().get()));
        Button remove = new Button("Remove");
        remove.setId("hosts-remove");
        remove.disableProperty().bind(vm.selectedProperty().isNull());
        remove.setOnAction(e -> vm.removeSelected());
        Button test = new Button("Test connection");
        test.setId("hosts-test");
        test.disableProperty().bind(vm.selectedProperty().isNull().or(vm.testingProperty()));
        test.setOnAction(e -> vm.testSelected());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setId("hosts-busy");
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(vm.testingProperty());
        HBox bar = new HBox(8, add, edit, remove, test, busy);
        bar.setPadding(new Insets(6, 8, 6, 8));
        bar.setStyle("-fx-alignment: center-left;");
        return bar;
    }

    private TableView<HostRow> table() {
        TableView<HostRow> table = new TableView<>(vm.hosts());
        table.setId("hosts-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column("Name", HostRow::name));
        table.getColumns().add(column("Address", HostRow::target));
        table.getColumns().add(column("User", r -> r.host().user()));
        table.getColumns().add(column("Labels", HostRow::labels));
        table.getColumns()
                .add(
                        column(
                                "Last test",
                                r -> r.report() == null ? r.testResult() : r.report().os()));
        table.getColumns().add(column("Java", HostRow::java));
        table.getColumns().add(column("Free disk", HostRow::disk));
        table.getColumns().add(column("GPUs", HostRow::gpus));
        table.setPlaceholder(new Label("No hosts yet: Add… one (address, user, key file)"));
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                vm.selectedProperty().set(now);
                            }
                        });
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!Objects.equals(now, table.getSelectionModel().getSelectedItem())) {
                                table.getSelectionModel().select(now);
                            }
                        });
        table.setOnMouseClicked(
                e -> {
                    if (e.getClickCount() == 2 && vm.selectedProperty().get() != null) {
                        edit(vm.selectedProperty().get());
                    }
                });
        sceneProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now != null) {
                                vm.refresh();
                            }
                        });
        return table;
    }

    private void edit(HostRow row) {
        HostForm initial = row == null ? null : HostForm.of(row.host());
        String editing = row == null ? null : row.name();
        HostForm form = initial;
        // a wrong field reopens the dialog with what was typed; the status says what is wrong
        while (true) {
            var answer =
                    new HostDialog(getScene() == null ? null : getScene().getWindow(), form)
                            .showAndWait();
            if (answer.isEmpty() || vm.save(answer.get(), editing)) {
                return;
            }
            form = answer.get();
            Alert wrong = new Alert(Alert.AlertType.WARNING, vm.statusProperty().get());
            wrong.setHeaderText("The host was not saved");
            wrong.initOwner(getScene() == null ? null : getScene().getWindow());
            wrong.showAndWait();
        }
    }

    private void showRefusal(String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(getScene() == null ? null : getScene().getWindow());
        alert.setTitle("Host key changed");
        alert.setHeaderText("CONNECTION REFUSED: the host key has changed");
        Label text = new Label(message);
        text.setWrapText(true);
        text.setMaxWidth(640);
        alert.getDialogPane().setContent(text);
        alert.getDialogPane().setId("host-key-changed-dialog");
        alert.showAndWait();
        vm.clearRefusal();
    }

    private static TableColumn<HostRow, String> column(
            String title, Function<HostRow, String> text) {
        TableColumn<HostRow, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        return c;
    }
}
