package io.asrwb.app.waveform;

import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;

/** The pitch-tier check box and the playback-speed choice under the clip view. */
public final class ListeningControls extends HBox {

    /** Shows or hides the pitch tier over the clip's waveform and spectrogram. */
    public static final KeyCombination TOGGLE_PITCH =
            new KeyCodeCombination(
                    KeyCode.H, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    /** Steps playback one speed slower (1 → 0.75 → 0.5 → 1), pitch kept. */
    public static final KeyCombination SLOWER =
            new KeyCodeCombination(
                    KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    ListeningControls(ListeningAids aids) {
        super(6);
        setAlignment(Pos.CENTER_LEFT);
        CheckBox pitch = new CheckBox("Pitch");
        pitch.setId("pitch-toggle");
        pitch.setTooltip(
                new Tooltip("Show the pitch tier (" + TOGGLE_PITCH.getDisplayText() + ")"));
        pitch.selectedProperty().bindBidirectional(aids.pitchShownProperty());
        ComboBox<Double> speed = new ComboBox<>();
        speed.setId("speed-choice");
        for (double s : ListeningAids.SPEEDS) {
            speed.getItems().add(s);
        }
        speed.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(Double s) {
                        return s == null ? "" : String.format(Locale.ROOT, "%.2f×", s);
                    }

                    @Override
                    public Double fromString(String text) {
                        return Double.valueOf(text.replace("×", ""));
                    }
                });
        speed.setTooltip(
                new Tooltip(
                        "Playback speed, pitch kept ("
                                + SLOWER.getDisplayText()
                                + " steps slower)"));
        speed.setValue(aids.speedProperty().get());
        speed.valueProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b != null) {
                                aids.speedProperty().set(b);
                            }
                        });
        aids.speedProperty().addListener((o, a, b) -> speed.setValue(b.doubleValue()));
        getChildren().addAll(pitch, speed);
    }
}
