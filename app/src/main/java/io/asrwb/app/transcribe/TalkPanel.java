package io.asrwb.app.transcribe;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The Transcribe tab's middle: the "Hold to talk" button, the level meter and live spectrogram
 * while recording, the microphone hint, and the transcript below them. A view of the result
 * (words with times, errors marked) would replace the transcript's text area here.
 */
final class TalkPanel extends VBox {

    private final WritableImage image =
            new WritableImage(LiveSpectrogram.WIDTH, LiveSpectrogram.HEIGHT);

    TalkPanel(TranscribeViewModel vm) {
        Button talk = new Button("Hold to talk");
        talk.setId("transcribe-talk");
        talk.setPrefSize(220, 80);
        talk.setMinSize(
                Region.USE_PREF_SIZE,
                Region.USE_PREF_SIZE); // a long hint beside it must not squeeze it
        talk.setStyle("-fx-font-size: 18px;");
        talk.setFocusTraversable(false);
        talk.setOnMousePressed(e -> vm.pressed());
        talk.setOnMouseReleased(e -> vm.released());
        talk.textProperty()
                .bind(
                        Bindings.when(vm.recordingProperty())
                                .then("Recording… release")
                                .otherwise("Hold to talk"));

        ImageView live = new ImageView(image);
        live.setId("transcribe-spectrogram");
        live.setFitWidth(LiveSpectrogram.WIDTH * 1.5);
        live.setFitHeight(LiveSpectrogram.HEIGHT);

        Label idle = new Label("The live spectrogram shows here while you speak");
        idle.getStyleClass().add("placeholder");
        idle.visibleProperty()
                .bind(vm.recordingProperty().not().and(vm.lastRecordingProperty().isNull()));
        StackPane liveBox = new StackPane(live, idle);
        liveBox.setMaxWidth(Region.USE_PREF_SIZE);

        Label hint = new Label();
        hint.setId("transcribe-microphone");
        hint.setWrapText(true);
        // wrapped under the spectrogram, and as tall as its lines: without a microphone the
        // warning is three lines at 1024 x 640 and was cut to one
        hint.setMaxWidth(LiveSpectrogram.WIDTH * 1.5);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        hint.textProperty()
                .bind(
                        Bindings.when(vm.microphoneProperty().isEmpty())
                                .then(
                                        "Hold the button or the space bar while you speak; drop an"
                                                + " audio file anywhere here.")
                                .otherwise(vm.microphoneProperty()));
        hint.styleProperty()
                .bind(
                        Bindings.when(vm.microphoneProperty().isEmpty())
                                .then("")
                                .otherwise("-fx-text-fill: -asrwb-warning;"));
        VBox meterBox =
                new VBox(
                        6,
                        new LevelMeter(
                                vm.levelProperty(), "transcribe-level", LiveSpectrogram.WIDTH),
                        liveBox,
                        hint);
        HBox top = new HBox(16, talk, meterBox);
        top.setAlignment(Pos.CENTER_LEFT);

        TextArea text = new TextArea();
        text.setId("transcribe-transcript");
        text.setEditable(false);
        text.setWrapText(true);
        text.setFocusTraversable(false);
        text.setStyle("-fx-font-size: 16px;");
        text.textProperty().bind(vm.transcriptProperty());
        VBox.setVgrow(text, Priority.ALWAYS);
        setSpacing(12);
        getChildren().setAll(top, text);
        vm.spectrogramProperty().addListener((o, a, b) -> paint(b));
        paint(vm.spectrogramProperty().get());
    }

    private void paint(LiveSpectrogramImage snapshot) {
        if (snapshot == null) {
            return;
        }
        image.getPixelWriter()
                .setPixels(
                        0,
                        0,
                        snapshot.width(),
                        snapshot.height(),
                        PixelFormat.getIntArgbInstance(),
                        snapshot.argb(),
                        0,
                        snapshot.width());
    }
}
