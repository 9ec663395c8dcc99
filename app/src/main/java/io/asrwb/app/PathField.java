package io.asrwb.app;

import java.nio.file.Path;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * A text field for a path (a checkpoint, a run folder) that fills the row it sits in and keeps a
 * view model's path in step with what is typed: blank is no path.
 */
public final class PathField {

    private PathField() {}

    /** A field showing {@code target}'s path and setting it as the text changes. */
    public static TextField of(String id, String prompt, ObjectProperty<Path> target) {
        Path initial = target.get();
        TextField field = new TextField(initial == null ? "" : initial.toString());
        field.setId(id);
        field.setPromptText(prompt);
        HBox.setHgrow(field, Priority.ALWAYS);
        field.textProperty()
                .addListener((o, was, now) -> target.set(now.isBlank() ? null : Path.of(now)));
        return field;
    }
}
