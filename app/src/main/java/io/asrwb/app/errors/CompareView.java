package io.asrwb.app.errors;

import io.asrwb.app.PathField;
import io.asrwb.app.layout.Compact;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.data.SplitChoice;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextFlow;

/**
 * The A/B tab: dataset, split, checkpoints A and B, Compare (Alt+M) / Cancel (Alt+C), which
 * utterances to list (all, regressed, improved, unchanged); the selected utterance's reference with
 * A's and B's coloured diffs beside it, Open clip (Alt+O or Enter in the table: the Datasets view,
 * the first wrong word selected); the WER difference with its bootstrap interval.
 */
public final class CompareView extends BorderPane {

    private static final List<String> FILTERS =
            List.of("All", "Regressed", "Improved", "Unchanged");

    public CompareView(CompareViewModel vm) {
        TextField dataset = new TextField();
        dataset.setId("ab-dataset");
        dataset.setPromptText("dataset");
        dataset.textProperty().bindBidirectional(vm.datasetProperty());
        ChoiceBox<SplitChoice> split = new ChoiceBox<>();
        split.getItems().setAll(SplitChoice.values()); // "all": every utterance
        split.setId("compare-split");
        split.valueProperty().bindBidirectional(vm.splitProperty());
        TextField a = PathField.of("ab-a", "checkpoint A", vm.modelAProperty());
        TextField b = PathField.of("ab-b", "checkpoint B", vm.modelBProperty());
        Button compare = new Button("Co_mpare");
        compare.setId("ab-compare");
        compare.setOnAction(e -> vm.compare());
        compare.disableProperty().bind(vm.busyProperty());
        Button cancel = new Button("_Cancel");
        cancel.setId("ab-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.busyProperty().not());
        ChoiceBox<String> show = new ChoiceBox<>();
        show.setId("ab-filter");
        show.getItems().setAll(FILTERS);
        Change initial = vm.filterProperty().get(); // a filter chosen before the view was built
        show.setValue(
                initial == null
                        ? "All"
                        : FILTERS.stream()
                                .filter(f -> f.equalsIgnoreCase(initial.name()))
                                .findFirst()
                                .orElse("All"));
        show.valueProperty()
                .addListener(
                        (o, was, now) ->
                                vm.filterProperty()
                                        .set(
                                                now == null || now.equals("All")
                                                        ? null
                                                        : Change.valueOf(
                                                                now.toUpperCase(Locale.ROOT))));
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        HBox controls = new HBox(8, dataset, split, a, b, compare, cancel, show, progress);
        controls.setPadding(new Insets(8));

        TableView<CompareRow> table = new TableView<>(vm.rows());
        table.setId("ab-utterances");
        table.getColumns().add(column("Utterance", CompareRow::id));
        table.getColumns().add(column("Change", r -> r.change().name().toLowerCase(Locale.ROOT)));
        table.getColumns()
                .add(column("Errors A → B", r -> r.a().wordErrors() + " → " + r.b().wordErrors()));
        table.getColumns().add(column("Reference", r -> r.a().reference()));
        table.getColumns().add(column("A", r -> r.a().hypothesis()));
        table.getColumns().add(column("B", r -> r.b().hypothesis()));

        Label reference = new Label();
        reference.setId("ab-reference");
        TextFlow diffA = new TextFlow();
        diffA.setId("ab-diff-a");
        TextFlow diffB = new TextFlow();
        diffB.setId("ab-diff-b");
        GridPane selected = new GridPane();
        selected.setHgap(8);
        selected.setVgap(4);
        selected.setPadding(new Insets(8));
        selected.addRow(0, new Label("Reference"), reference);
        selected.addRow(1, new Label("A"), diffA);
        selected.addRow(2, new Label("B"), diffB);
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener(
                        (o, was, now) -> {
                            reference.setText(now == null ? "" : now.a().reference());
                            WordDiffFlow.fill(diffA, now == null ? List.of() : now.a().edits());
                            WordDiffFlow.fill(diffB, now == null ? List.of() : now.b().edits());
                        });
        Button open = new Button("_Open clip");
        open.setId("ab-open");
        open.setOnAction(e -> vm.open(table.getSelectionModel().getSelectedItem()));
        open.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        selected.addRow(3, new Label(), open);
        table.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        vm.open(table.getSelectionModel().getSelectedItem());
                        e.consume();
                    }
                });
        SplitPane centre = new SplitPane(table, selected);
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.7);

        Label verdict = new Label();
        verdict.setId("ab-verdict");
        verdict.textProperty().bind(vm.verdictProperty());
        Label status = new Label();
        status.setId("ab-status");
        status.textProperty().bind(vm.statusProperty());
        VBox bottom = new VBox(4, verdict, status);
        bottom.setPadding(new Insets(4, 8, 4, 8));
        setTop(controls);
        setCenter(centre);
        setBottom(bottom);
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value) {
        TableColumn<R, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }
}
