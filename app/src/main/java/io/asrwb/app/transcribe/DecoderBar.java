package io.asrwb.app.transcribe;

import io.asrwb.engine.inference.DecoderSettings;
import java.io.File;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.DoubleProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * The Transcribe tab's decoder row: greedy or beam, the language-model file, whether only its words
 * may be written, and sliders for α, β and the beam width, wrapping to a second row when
 * narrow. Every change re-decodes the current clip from its kept log-probabilities.
 */
final class DecoderBar extends FlowPane {

    DecoderBar(DecoderControls controls) {
        super(8, 4); // wraps in a narrow window rather than cutting "Decoder" to "Deco…"
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(0, 0, 12, 0));
        setPrefWrapLength(1200);
        setMinHeight(Region.USE_PREF_SIZE);

        ComboBox<DecoderSettings.Kind> kind = new ComboBox<>();
        kind.getItems().setAll(DecoderSettings.Kind.values());
        kind.setId("transcribe-decoder");
        kind.valueProperty().bindBidirectional(controls.kindProperty());
        kind.setFocusTraversable(false);
        kind.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(DecoderSettings.Kind k) {
                        return k == null ? "" : k.name().toLowerCase(Locale.ROOT);
                    }

                    @Override
                    public DecoderSettings.Kind fromString(String s) {
                        return DecoderSettings.Kind.valueOf(s.toUpperCase(Locale.ROOT));
                    }
                });

        Label lmName = new Label();
        lmName.setId("transcribe-lm");
        lmName.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () ->
                                        controls.languageModelProperty().get() == null
                                                ? "no language model"
                                                : controls.languageModelProperty()
                                                        .get()
                                                        .getFileName()
                                                        .toString(),
                                controls.languageModelProperty()));
        Button chooseLm = new Button("Language model…");
        chooseLm.setId("transcribe-choose-lm");
        chooseLm.setFocusTraversable(false);
        chooseLm.setTooltip(new Tooltip("An ARPA n-gram model, e.g. from 'asrwb lm build'"));
        chooseLm.setOnAction(
                e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.setTitle("Choose an ARPA language model");
                    chooser.getExtensionFilters()
                            .add(
                                    new FileChooser.ExtensionFilter(
                                            "ARPA", "*.arpa", "*.arpa.gz", "*.lm"));
                    File file = chooser.showOpenDialog(getScene().getWindow());
                    if (file != null) {
                        controls.languageModelProperty().set(file.toPath());
                    }
                });
        Button noLm = new Button("×");
        noLm.setTooltip(new Tooltip("Decode without a language model"));
        noLm.setFocusTraversable(false);
        noLm.disableProperty().bind(controls.languageModelProperty().isNull());
        noLm.setOnAction(e -> controls.languageModelProperty().set(null));

        BooleanBinding greedy = controls.kindProperty().isEqualTo(DecoderSettings.Kind.GREEDY);
        BooleanBinding noWeights = greedy.or(controls.languageModelProperty().isNull());
        HBox alpha =
                slider(
                        "α",
                        "transcribe-alpha",
                        0,
                        3,
                        controls.alphaProperty(),
                        "language-model weight");
        alpha.disableProperty().bind(noWeights);
        HBox beta =
                slider("β", "transcribe-beta", -2, 5, controls.betaProperty(), "bonus per word");
        beta.disableProperty().bind(noWeights);
        CheckBox wordsOnly = new CheckBox("LM words only");
        wordsOnly.setId("transcribe-closed-vocabulary");
        wordsOnly.setFocusTraversable(false);
        wordsOnly.setTooltip(
                new Tooltip(
                        "Write only the language model's words (a closed vocabulary, as"
                                + " pocketsphinx decodes): a domain model's misheard words land on"
                                + " the nearest word it knows"));
        wordsOnly.selectedProperty().bindBidirectional(controls.closedVocabularyProperty());
        wordsOnly.disableProperty().bind(noWeights);
        Slider width = new Slider(1, 64, controls.beamWidthProperty().get());
        width.setId("transcribe-beam-width");
        width.setPrefWidth(110);
        width.setFocusTraversable(false);
        width.valueProperty()
                .addListener(
                        (o, a, v) ->
                                controls.beamWidthProperty()
                                        .set((int) Math.round(v.doubleValue())));
        controls.beamWidthProperty().addListener((o, a, v) -> width.setValue(v.intValue()));
        Label widthText = new Label();
        widthText.textProperty().bind(controls.beamWidthProperty().asString());
        HBox beam = new HBox(4, new Label("Beam"), width, widthText);
        beam.setAlignment(Pos.CENTER_LEFT);
        beam.disableProperty().bind(greedy);

        getChildren()
                .addAll(
                        new Label("Decoder"),
                        kind,
                        lmName,
                        chooseLm,
                        noLm,
                        wordsOnly,
                        alpha,
                        beta,
                        beam);
    }

    private static HBox slider(
            String name, String id, double min, double max, DoubleProperty value, String tip) {
        Slider slider = new Slider(min, max, value.get());
        slider.setId(id);
        slider.setPrefWidth(110);
        slider.setFocusTraversable(false);
        slider.valueProperty().bindBidirectional(value);
        Label label = new Label(name);
        label.setTooltip(new Tooltip(tip));
        Label text = new Label();
        text.setMinWidth(34);
        text.textProperty()
                .bind(
                        Bindings.createStringBinding(
                                () -> String.format(Locale.ROOT, "%.2f", value.get()), value));
        HBox box = new HBox(4, label, slider, text);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
