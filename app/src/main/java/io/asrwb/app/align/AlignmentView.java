package io.asrwb.app.align;

import io.asrwb.app.PathField;
import io.asrwb.app.layout.Compact;
import io.asrwb.app.waveform.WaveformView;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.data.SplitChoice;
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
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The Alignment tab: dataset, split and checkpoint, Align (Alt+A) / Cancel (Alt+C) / Load (Alt+L),
 * progress, the split's utterances worst word first, the selected utterance's words, and below
 * them its clip with its word tiers (click a word to hear it).
 */
public final class AlignmentView extends BorderPane {

    public AlignmentView(AlignmentViewModel vm) {
        TextField dataset = new TextField();
        dataset.setId("align-dataset");
        dataset.setPromptText("dataset");
        dataset.textProperty().bindBidirectional(vm.datasetProperty());
        ChoiceBox<SplitChoice> split = new ChoiceBox<>();
        split.getItems().setAll(SplitChoice.values()); // "all": every utterance
        split.setId("alignment-split");
        split.valueProperty().bindBidirectional(vm.splitProperty());
        TextField model =
                PathField.of("align-model", "checkpoint or run folder", vm.modelProperty());
        Button align = new Button("_Align");
        align.setId("align-button");
        align.setOnAction(e -> vm.align());
        align.disableProperty().bind(vm.busyProperty());
        Button cancel = new Button("_Cancel");
        cancel.setId("align-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.busyProperty().not());
        Button load = new Button("_Load");
        load.setId("align-load");
        load.setOnAction(e -> vm.load());
        load.disableProperty().bind(vm.busyProperty());
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        Label status = new Label();
        status.setId("align-status");
        status.textProperty().bind(vm.statusProperty());
        HBox controls = new HBox(8, dataset, split, model, align, cancel, load, progress);
        controls.setPadding(new Insets(8));

        TableView<AlignmentRow> utterances = new TableView<>(vm.rows());
        utterances.setId("align-utterances");
        utterances.getColumns().add(column("Utterance", AlignmentRow::id));
        utterances.getColumns().add(column("Worst word", r -> confidence(r.worstConfidence())));
        utterances.getColumns().add(column("Reference", r -> r.alignment().reference()));
        utterances.getColumns().add(column("Hypothesis", r -> r.alignment().hypothesis()));
        utterances.getColumns().add(column("Status", r -> r.alignment().status()));
        utterances
                .getSelectionModel()
                .selectedItemProperty()
                .addListener((o, was, now) -> vm.selectedProperty().set(now));
        TableView<AlignedWord> words = new TableView<>(vm.words());
        words.setId("align-words");
        words.getColumns().add(column("Word", AlignedWord::word));
        words.getColumns().add(column("Start s", w -> seconds(w.startSec())));
        words.getColumns().add(column("End s", w -> seconds(w.endSec())));
        words.getColumns().add(column("Confidence", w -> confidence(w.confidence())));
        SplitPane tables = new SplitPane(utterances, words);
        tables.setDividerPositions(0.7);
        SplitPane centre = new SplitPane(tables, new WaveformView(vm.clip(), vm.tier()));
        centre.setOrientation(Orientation.VERTICAL);
        centre.setDividerPositions(0.45);

        setTop(controls);
        setCenter(centre);
        VBox bottom = new VBox(status);
        bottom.setPadding(new Insets(4, 8, 4, 8));
        setBottom(bottom);
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value) {
        TableColumn<R, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.3f", s);
    }

    private static String confidence(double c) {
        return Double.isNaN(c) ? "" : String.format(Locale.ROOT, "%.3f", c);
    }
}
