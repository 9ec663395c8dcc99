package io.asrwb.app.finetune;

import io.asrwb.app.PathField;
import io.asrwb.app.errors.CompareView;
import io.asrwb.app.finetune.VoiceFineTuneViewModel.State;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The Record tab's fine-tuning strip: the model to fine-tune, "Fine-tune on these takes"
 * (Ctrl+Shift+F) once the dataset has enough takes, then step, loss and ETA with Cancel, then the
 * A/B of base and fine-tuned model on the held-out takes and "Use this model".
 */
public final class VoiceFineTunePane extends VBox {

    /** The action's key: a letter alone would start minutes of training by a slip. */
    public static final KeyCombination KEY =
            new KeyCodeCombination(
                    KeyCode.F, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);

    static final String WHY =
            "Fine-tuning needs "
                    + VoiceFineTuneViewModel.MIN_TAKES
                    + " kept takes: a fifth of them (at least 5) is held out, never trained on,"
                    + " to measure the base and the fine-tuned model on the same unseen takes,"
                    + " and fewer than about 15 training takes barely move a model.";

    private final VoiceFineTuneViewModel vm;
    private final VBox results = new VBox(6);

    public VoiceFineTunePane(VoiceFineTuneViewModel vm) {
        super(6);
        this.vm = vm;
        getStyleClass().add("voice-fine-tune");
        setPadding(new Insets(8, 0, 0, 0));
        BooleanBinding working =
                vm.stateProperty()
                        .isEqualTo(State.TRAINING)
                        .or(vm.stateProperty().isEqualTo(State.COMPARING));
        getChildren().addAll(actionRow(working), progressRow(working), status(), results);
        vm.stateProperty()
                .addListener(
                        (o, was, now) -> {
                            if (now == State.COMPARING) {
                                // built anew: the A/B view's path fields show the paths set now
                                results.getChildren()
                                        .setAll(new CompareView(vm.compare()), useRow());
                            } else if (now == State.TRAINING) {
                                results.getChildren().clear();
                            }
                        });
    }

    /** Starts the fine-tuning on {@link #KEY} anywhere in {@code view}. */
    public void installKey(Node view) {
        view.addEventFilter(
                KeyEvent.KEY_PRESSED,
                e -> {
                    if (KEY.match(e)) {
                        vm.start();
                        e.consume();
                    }
                });
    }

    private HBox actionRow(BooleanBinding working) {
        TextField base =
                PathField.of(
                        "record-finetune-base",
                        "model to fine-tune (a checkpoint or run folder)",
                        vm.baseProperty());
        base.setFocusTraversable(false);
        Button start = new Button("Fine-tune on these takes");
        start.setId("record-finetune");
        start.setFocusTraversable(false);
        start.setTooltip(new Tooltip(WHY + " Shortcut: Ctrl+Shift+F."));
        start.setOnAction(e -> vm.start());
        start.visibleProperty().bind(vm.enoughProperty());
        start.managedProperty().bind(start.visibleProperty());
        start.disableProperty().bind(working);
        Label hint = new Label();
        hint.setId("record-finetune-hint");
        hint.getStyleClass().add("placeholder");
        hint.textProperty()
                .bind(
                        Bindings.format(
                                "Fine-tuning on these takes: %d of %d takes kept",
                                vm.takesProperty(), VoiceFineTuneViewModel.MIN_TAKES));
        hint.setTooltip(new Tooltip(WHY));
        hint.visibleProperty().bind(vm.enoughProperty().not());
        hint.managedProperty().bind(hint.visibleProperty());
        HBox row = new HBox(8, new Label("Fine-tune"), base, start, hint);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private HBox progressRow(BooleanBinding working) {
        ProgressBar bar = new ProgressBar();
        bar.setId("record-finetune-progress");
        bar.setPrefWidth(240);
        bar.progressProperty().bind(vm.progressProperty());
        Label text = new Label();
        text.setId("record-finetune-step");
        text.textProperty().bind(vm.progressTextProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("record-finetune-cancel");
        cancel.setFocusTraversable(false);
        cancel.setOnAction(e -> vm.cancel());
        HBox row = new HBox(8, bar, text, cancel);
        row.setAlignment(Pos.CENTER_LEFT);
        row.visibleProperty().bind(working);
        row.managedProperty().bind(row.visibleProperty());
        return row;
    }

    private Label status() {
        Label status = new Label();
        status.setId("record-finetune-status");
        status.setWrapText(true);
        status.textProperty().bind(vm.statusProperty());
        return status;
    }

    private HBox useRow() {
        Button use = new Button("Use this model");
        use.setId("record-finetune-use");
        use.setFocusTraversable(false);
        use.setTooltip(new Tooltip("Push-to-talk in the Transcribe tab uses the fine-tuned model"));
        use.setOnAction(e -> vm.useModel());
        use.disableProperty().bind(vm.stateProperty().isNotEqualTo(State.DONE));
        HBox row = new HBox(8, use);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }
}
