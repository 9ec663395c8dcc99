package io.asrwb.app.errors;

import io.asrwb.app.PathField;
import io.asrwb.app.layout.Compact;
import io.asrwb.engine.analysis.ErrorReport;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.TextFlow;

/**
 * The Errors tab: dataset, split and checkpoint, Evaluate (Alt+E) / Cancel (Alt+C), progress; the
 * utterances most errors first; the selected one's coloured word diff and audio file, Open clip
 * (Alt+O or Enter in the table: the Datasets view, first wrong word selected); the corpus tables in
 * tabs.
 */
public final class ErrorsView extends BorderPane {

    public ErrorsView(ErrorsViewModel vm) {
        TextField dataset = new TextField();
        dataset.setId("errors-dataset");
        dataset.setPromptText("dataset");
        dataset.textProperty().bindBidirectional(vm.datasetProperty());
        ChoiceBox<SplitChoice> split = new ChoiceBox<>();
        split.getItems().setAll(SplitChoice.values()); // "all": every utterance
        split.setId("errors-split");
        split.valueProperty().bindBidirectional(vm.splitProperty());
        TextField model =
                PathField.of("errors-model", "checkpoint or run folder", vm.modelProperty());
        Button evaluate = new Button("_Evaluate");
        evaluate.setId("errors-evaluate");
        evaluate.setOnAction(e -> vm.evaluate());
        evaluate.disableProperty().bind(vm.busyProperty());
        Button cancel = new Button("_Cancel");
        cancel.setId("errors-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.busyProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        HBox controls = new HBox(8, dataset, split, model, evaluate, cancel, progress);
        controls.setPadding(new Insets(8));

        TableView<ErrorRow> utterances = new TableView<>(vm.rows());
        utterances.setId("errors-utterances");
        utterances.getColumns().add(column("Utterance", ErrorRow::id));
        utterances.getColumns().add(column("Errors", r -> errors(r.scored())));
        utterances.getColumns().add(column("CER", r -> percent(r.scored().cer())));
        utterances.getColumns().add(column("Speaker", r -> r.scored().speaker()));
        utterances.getColumns().add(column("Reference", r -> r.scored().reference()));
        utterances.getColumns().add(column("Hypothesis", r -> r.scored().hypothesis()));
        utterances
                .getSelectionModel()
                .selectedItemProperty()
                .addListener((o, was, now) -> vm.selectedProperty().set(now));
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!java.util.Objects.equals(
                                    now, utterances.getSelectionModel().getSelectedItem())) {
                                utterances.getSelectionModel().select(now);
                            }
                        });
        utterances.setOnKeyPressed(
                e -> {
                    if (e.getCode() == KeyCode.ENTER) {
                        vm.openSelected();
                        e.consume();
                    }
                });

        TextFlow diff = new TextFlow();
        diff.setId("errors-diff");
        diff.setPadding(new Insets(8));
        Label audio = new Label();
        audio.setId("errors-audio");
        Button open = new Button("_Open clip");
        open.setId("errors-open");
        open.setOnAction(e -> vm.openSelected());
        open.disableProperty().bind(vm.selectedProperty().isNull());
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            WordDiffFlow.fill(diff, now == null ? List.of() : now.scored().edits());
                            audio.setText(now == null ? "" : now.audio().toString());
                        });
        ErrorRow already = vm.selectedProperty().get(); // evaluated before this view was built
        if (already != null) {
            utterances.getSelectionModel().select(already);
            WordDiffFlow.fill(diff, already.scored().edits());
            audio.setText(already.audio().toString());
        }
        HBox clip = new HBox(8, open, audio);
        clip.setPadding(new Insets(0, 8, 8, 8));
        VBox selectedPane = new VBox(diff, clip);

        TabPane tables =
                new TabPane(
                        tab("Substitutions", "Most frequent substitutions", substitutions(vm)),
                        tab("Words", "Word accuracy", words(vm)),
                        tab(
                                "Speakers",
                                "WER by speaker",
                                groups(vm.speakers(), "speaker", "Speaker")),
                        tab(
                                "Durations",
                                "WER by duration",
                                groups(vm.durations(), "duration", "Duration")),
                        tab("Folders", "WER by folder", groups(vm.folders(), "folder", "Folder")),
                        tab("Fields", "WER by a manifest field", byField(vm)));
        tables.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane left = new SplitPane(utterances, selectedPane);
        left.setOrientation(javafx.geometry.Orientation.VERTICAL);
        left.setDividerPositions(0.75);
        SplitPane centre = new SplitPane(left, tables);
        centre.setDividerPositions(0.5); // the six tables' tabs fit beside at 1024 pixels

        Label status = new Label();
        status.setId("errors-status");
        status.textProperty().bind(vm.statusProperty());
        VBox bottom = new VBox(status);
        bottom.setPadding(new Insets(4, 8, 4, 8));
        setTop(controls);
        setCenter(centre);
        setBottom(bottom);
    }

    private static TableView<ErrorReport.Substitution> substitutions(ErrorsViewModel vm) {
        TableView<ErrorReport.Substitution> t = new TableView<>(vm.substitutions());
        t.setId("errors-substitutions");
        t.getColumns().add(column("Reference", ErrorReport.Substitution::reference));
        t.getColumns().add(column("Heard", ErrorReport.Substitution::hypothesis));
        t.getColumns().add(column("Count", s -> Integer.toString(s.count())));
        return t;
    }

    private static TableView<ErrorReport.WordAccuracy> words(ErrorsViewModel vm) {
        TableView<ErrorReport.WordAccuracy> t = new TableView<>(vm.words());
        t.setId("errors-words");
        t.getColumns().add(column("Word", ErrorReport.WordAccuracy::word));
        t.getColumns().add(column("Accuracy", w -> percent(w.accuracy())));
        t.getColumns().add(column("Seen", w -> Integer.toString(w.occurrences())));
        t.getColumns().add(column("Right", w -> Integer.toString(w.correct())));
        return t;
    }

    private static TableView<ErrorReport.GroupWer> groups(
            javafx.collections.ObservableList<ErrorReport.GroupWer> items,
            String id,
            String title) {
        TableView<ErrorReport.GroupWer> t = new TableView<>(items);
        t.setId("errors-by-" + id);
        t.getColumns().add(column(title, g -> g.key().isEmpty() ? "(none)" : g.key()));
        t.getColumns().add(column("WER", g -> percent(g.wer())));
        t.getColumns().add(column("Utterances", g -> Integer.toString(g.utterances())));
        t.getColumns().add(column("Words", g -> Integer.toString(g.referenceWords())));
        t.getColumns().add(column("Errors", g -> Integer.toString(g.wordErrors())));
        return t;
    }

    /** A chooser of the manifest fields present over their WER table. */
    private static BorderPane byField(ErrorsViewModel vm) {
        ChoiceBox<String> field = new ChoiceBox<>(vm.fields());
        field.setId("errors-by-field-choice");
        field.valueProperty().bindBidirectional(vm.byFieldProperty());
        Label none = new Label("no manifest fields (accent, mic …) in these utterances");
        none.visibleProperty().bind(javafx.beans.binding.Bindings.isEmpty(vm.fields()));
        HBox top = new HBox(8, new Label("WER by"), field, none);
        top.setPadding(new Insets(4));
        BorderPane pane = new BorderPane(groups(vm.byFieldRows(), "field", "Value"));
        pane.setTop(top);
        return pane;
    }

    private static String errors(ScoredUtterance u) {
        return u.wordErrors() + "/" + u.referenceWords();
    }

    private static String percent(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f %%", 100 * v);
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value) {
        TableColumn<R, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

    /** A tab titled short (so six fit beside the utterances), its long name the tooltip. */
    private static Tab tab(String title, String tip, javafx.scene.Node content) {
        Tab t = new Tab(title, content);
        t.setTooltip(new javafx.scene.control.Tooltip(tip));
        return t;
    }
}
