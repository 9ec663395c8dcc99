package io.asrwb.app.transcribe;

import io.asrwb.engine.audio.io.MicrophoneCapture;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableDoubleValue;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;

/**
 * The microphone's level while recording: a bar from {@link #FLOOR_DB} to full scale and the
 * level in dBFS beside it (push-to-talk in the Transcribe tab, takes in the Record tab).
 */
public final class LevelMeter extends HBox {

    /** Quieter than this shows as empty. */
    static final double FLOOR_DB = -60;

    /** @param id the bar's node id, for tests and styles */
    public LevelMeter(ObservableDoubleValue dbfs, String id, double width) {
        ProgressBar bar = new ProgressBar(0);
        bar.setId(id);
        bar.setPrefWidth(width);
        bar.progressProperty()
                .bind(
                        Bindings.createDoubleBinding(
                                () -> Math.max(0, 1 - dbfs.get() / FLOOR_DB), dbfs));
        Label text = new Label();
        text.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        dbfs.get() <= MicrophoneCapture.SILENCE_DBFS
                                                ? "– dBFS"
                                                : String.format(
                                                        Locale.ROOT, "%.0f dBFS", dbfs.get()),
                                dbfs));
        setSpacing(8);
        setAlignment(Pos.CENTER_LEFT);
        getChildren().setAll(bar, text);
    }
}
