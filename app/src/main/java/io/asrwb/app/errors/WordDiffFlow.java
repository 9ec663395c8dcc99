package io.asrwb.app.errors;

import io.asrwb.app.words.EditColours;
import io.asrwb.engine.analysis.WordEdit;
import java.util.List;
import java.util.Locale;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * A word diff as styled text: matches plain, a substitution as the reference word struck through
 * followed by the heard word (orange), a deletion struck through (red), an insertion underlined
 * (blue). Colours are set on the node as well as the style class so the diff reads in both themes
 * and without a stylesheet; the style class names each word's kind for tests and themes.
 */
final class WordDiffFlow {

    static final Color SUBSTITUTION = EditColours.SUBSTITUTION;
    static final Color DELETION = EditColours.DELETION;
    static final Color INSERTION = EditColours.INSERTION;

    private WordDiffFlow() {}

    static void fill(TextFlow flow, List<WordEdit> edits) {
        flow.getChildren().clear();
        for (WordEdit e : edits) {
            if (!flow.getChildren().isEmpty()) {
                flow.getChildren().add(new Text(" "));
            }
            switch (e.kind()) {
                case MATCH -> flow.getChildren().add(word(e.reference(), e.kind(), null));
                case SUBSTITUTION -> {
                    Text ref = word(e.reference(), e.kind(), SUBSTITUTION);
                    ref.setStrikethrough(true);
                    flow.getChildren().add(ref);
                    flow.getChildren().add(word("→" + e.hypothesis(), e.kind(), SUBSTITUTION));
                }
                case DELETION -> {
                    Text t = word(e.reference(), e.kind(), DELETION);
                    t.setStrikethrough(true);
                    flow.getChildren().add(t);
                }
                case INSERTION -> {
                    Text t = word("+" + e.hypothesis(), e.kind(), INSERTION);
                    t.setUnderline(true);
                    flow.getChildren().add(t);
                }
            }
        }
    }

    private static Text word(String text, WordEdit.Kind kind, Color colour) {
        Text t = new Text(text);
        t.getStyleClass().add("diff-" + kind.name().toLowerCase(Locale.ROOT));
        if (colour != null) {
            t.setFill(colour);
        } else {
            // the theme's text colour, looked up from the scene's root
            t.setStyle("-fx-fill: -fx-text-background-color;");
        }
        return t;
    }
}
