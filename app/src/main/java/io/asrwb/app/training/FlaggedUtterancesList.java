package io.asrwb.app.training;

import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;

/**
 * Above the training status: the utterances the live run found behind a non-finite loss (id,
 * reason, audio, transcript), which the catalog now shows flagged on the Datasets tab. Hidden
 * while there are none.
 */
final class FlaggedUtterancesList extends VBox {

    FlaggedUtterancesList(ObservableList<String> flagged) {
        super(4);
        setId("training-flagged");
        Label title = new Label();
        title.textProperty()
                .bind(
                        javafx.beans.binding.Bindings.createStringBinding(
                                () ->
                                        flagged.size()
                                                + (flagged.size() == 1
                                                        ? " utterance"
                                                        : " utterances")
                                                + " behind a non-finite loss, left out of"
                                                + " training and flagged on the Datasets tab",
                                flagged));
        ListView<String> list = new ListView<>(flagged);
        list.setId("training-flagged-list");
        list.setPrefHeight(90);
        getChildren().addAll(title, list);
        setPadding(new Insets(4, 8, 0, 8));
        visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(flagged));
        managedProperty().bind(visibleProperty());
    }
}
