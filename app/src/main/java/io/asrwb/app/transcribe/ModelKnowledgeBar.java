package io.asrwb.app.transcribe;

import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.controlsfx.control.PopOver;

/**
 * Under the model chooser: the chosen model's vocabulary and training data, a line each, cut with an
 * ellipsis when the window is narrow (the whole line in a tooltip), and a Words… button that lists
 * every word, searchable.
 */
final class ModelKnowledgeBar extends VBox {

    ModelKnowledgeBar(TranscribeViewModel vm) {
        super(2);
        getStyleClass().add("model-knowledge");
        setPadding(new Insets(0, 0, 10, 0));
        Label vocabulary = line("transcribe-vocabulary");
        vocabulary.textProperty().bind(vm.vocabularyLineProperty());
        Label trainedOn = line("transcribe-trained-on");
        trainedOn.textProperty().bind(vm.trainedOnLineProperty());
        Button words = new Button("Words…");
        words.setId("transcribe-words");
        words.setFocusTraversable(false);
        words.setMinWidth(Button.USE_PREF_SIZE);
        words.disableProperty()
                .bind(
                        Bindings.isEmpty(vm.vocabularyWords())
                                .and(vm.wordFilterProperty().isEmpty()));
        PopOver list = wordList(vm);
        words.setOnAction(
                e -> {
                    if (list.isShowing()) {
                        list.hide();
                    } else {
                        list.show(words);
                    }
                });
        HBox first = new HBox(8, vocabulary, words);
        first.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(vocabulary, Priority.ALWAYS);
        getChildren().addAll(first, trainedOn);
    }

    /** A label that shrinks with the window (ellipsis) and shows its whole text on hover. */
    private static Label line(String id) {
        Label label = new Label();
        label.setId(id);
        label.setTextOverrun(OverrunStyle.ELLIPSIS);
        label.setMinWidth(0);
        label.setMaxWidth(Double.MAX_VALUE);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(label.textProperty());
        tip.setWrapText(true);
        tip.setMaxWidth(600);
        label.setTooltip(tip);
        return label;
    }

    private static PopOver wordList(TranscribeViewModel vm) {
        TextField find = new TextField();
        find.setId("transcribe-word-filter");
        find.setPromptText("Find a word");
        find.textProperty().bindBidirectional(vm.wordFilterProperty());
        ListView<String> all = new ListView<>(vm.vocabularyWords());
        all.setId("transcribe-word-list");
        all.setPrefSize(240, 320);
        VBox box = new VBox(6, find, all);
        box.setPadding(new Insets(8));
        PopOver popOver = new PopOver(box);
        popOver.setTitle("Words the model knows");
        popOver.setHeaderAlwaysVisible(true);
        popOver.setDetachable(false);
        popOver.setArrowLocation(PopOver.ArrowLocation.TOP_LEFT);
        return popOver;
    }
}
