package io.asrwb.app.words;

import io.asrwb.engine.analysis.WordEdit;
import javafx.scene.paint.Color;

/** How a word's edit is coloured everywhere it is shown (the Errors diff, the word tiers). */
public final class EditColours {

    public static final Color SUBSTITUTION = Color.web("#e67e22");
    public static final Color DELETION = Color.web("#e74c3c");
    public static final Color INSERTION = Color.web("#3498db");

    /** A right word in a tier: a neutral grey-blue that reads on both themes. */
    public static final Color MATCH = Color.web("#7f8fa6");

    private EditColours() {}

    public static Color of(WordEdit.Kind kind) {
        return switch (kind) {
            case MATCH -> MATCH;
            case SUBSTITUTION -> SUBSTITUTION;
            case DELETION -> DELETION;
            case INSERTION -> INSERTION;
        };
    }
}
