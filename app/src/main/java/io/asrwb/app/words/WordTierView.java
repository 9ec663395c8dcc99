package io.asrwb.app.words;

import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Border;
import javafx.scene.layout.BorderStroke;
import javafx.scene.layout.BorderStrokeStyle;
import javafx.scene.layout.BorderWidths;
import javafx.scene.layout.CornerRadii;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * Two rows of word spans under the clip (reference above, hypothesis below), placed by time against
 * the {@link TimeWindow} of the view above, each shaded by its alignment confidence (opaque = sure)
 * and coloured by its edit; a tooltip gives the numbers. Click a word to select and play it; with
 * the rows focused, Tab/Shift+Tab or Right/Left move between words, Up/Down to the other row,
 * Enter or Space plays the selected word.
 */
public final class WordTierView extends VBox {

    static final double ROW_HEIGHT = 22;
    private static final Color SELECTED = Color.web("#ffd54f");

    private final WordTierViewModel vm;
    private final TimeWindow window;
    private final Pane rows = new Pane();

    /** What the labels were laid out for: a relayout with the same inputs keeps them. */
    private record Drawn(WordTier tier, WordSpan selected, double from, double len, double w) {}

    private Drawn drawn;

    public WordTierView(WordTierViewModel vm, TimeWindow window) {
        super(2);
        this.vm = vm;
        this.window = window;
        rows.setId("word-tier");
        rows.getStyleClass().add("word-tier");
        rows.setMinHeight(2 * ROW_HEIGHT + 2);
        rows.setPrefHeight(2 * ROW_HEIGHT + 2);
        rows.setFocusTraversable(true);
        rows.setStyle("-fx-background-color: #26282c;");
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(rows.widthProperty());
        clip.heightProperty().bind(rows.heightProperty());
        rows.setClip(clip);
        rows.addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        rows.setOnMouseClicked(e -> rows.requestFocus());
        rows.widthProperty().addListener((o, a, b) -> layoutWords());
        vm.tierProperty().addListener((o, a, b) -> layoutWords());
        vm.selectedProperty().addListener((o, a, b) -> layoutWords());
        window.fromSec().addListener((o, a, b) -> layoutWords());
        window.lengthSec().addListener((o, a, b) -> layoutWords());

        Button align = new Button("Align words");
        align.setId("word-tier-align");
        align.setTooltip(
                new Tooltip("Align this clip now with the chosen checkpoint (Ctrl+Shift+A)"));
        align.setOnAction(e -> vm.align());
        align.disableProperty().bind(vm.busyProperty().or(vm.alignableProperty().not()));
        Label status = new Label();
        status.setId("word-tier-status");
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true); // a long status wraps rather than ending in "…"
        status.setMinWidth(0);
        status.setMinHeight(Region.USE_PREF_SIZE); // its wrapped lines, not one cut line
        HBox.setHgrow(status, Priority.ALWAYS);
        align.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(6, align, status);
        bar.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(rows, bar);
        layoutWords();
    }

    private void onKey(KeyEvent e) {
        KeyCode k = e.getCode();
        if (k == KeyCode.TAB) {
            if (e.isShiftDown()) {
                vm.previous();
            } else {
                vm.next();
            }
        } else if (k == KeyCode.RIGHT) {
            vm.next();
        } else if (k == KeyCode.LEFT) {
            vm.previous();
        } else if (k == KeyCode.UP || k == KeyCode.DOWN) {
            vm.otherRow();
        } else if (k == KeyCode.ENTER || k == KeyCode.SPACE) {
            vm.playSelected();
        } else {
            return;
        }
        e.consume();
    }

    private void layoutWords() {
        WordTier t = vm.tierProperty().get();
        double len = window.lengthSec().get();
        double w = rows.getWidth();
        Drawn now = new Drawn(t, vm.selectedProperty().get(), window.fromSec().get(), len, w);
        if (now.equals(drawn)) {
            return;
        }
        drawn = now;
        rows.getChildren().clear();
        if (t == null || len <= 0 || w <= 0) {
            return;
        }
        place(t.reference(), 0, len, w);
        place(t.hypothesis(), ROW_HEIGHT + 2, len, w);
    }

    private void place(List<WordSpan> words, double y, double len, double w) {
        double from = window.fromSec().get();
        for (WordSpan s : words) {
            double x0 = (s.startSec() - from) / len * w;
            double x1 = (s.endSec() - from) / len * w;
            if (x1 < 0 || x0 > w) {
                continue;
            }
            rows.getChildren().add(word(s, x0, y, Math.max(2, x1 - x0)));
        }
    }

    private Label word(WordSpan s, double x, double y, double width) {
        Label l = new Label(s.word());
        l.getStyleClass().addAll("word-span", "word-" + s.edit().name().toLowerCase(Locale.ROOT));
        l.setUserData(s);
        l.setTextOverrun(OverrunStyle.CLIP);
        l.setAlignment(Pos.CENTER);
        l.setTextFill(Color.WHITE);
        l.setPadding(new Insets(0, 2, 0, 2));
        Color c = EditColours.of(s.edit());
        double opacity = 0.25 + 0.7 * Math.max(0, Math.min(1, s.confidence()));
        l.setBackground(
                new Background(
                        new BackgroundFill(
                                c.deriveColor(0, 1, 1, opacity),
                                new CornerRadii(3),
                                Insets.EMPTY)));
        boolean selected = s.equals(vm.selectedProperty().get());
        l.setBorder(
                new Border(
                        new BorderStroke(
                                selected ? SELECTED : c,
                                BorderStrokeStyle.SOLID,
                                new CornerRadii(3),
                                new BorderWidths(selected ? 2 : 1))));
        if (selected) {
            l.getStyleClass().add("word-selected");
        }
        l.setLayoutX(x);
        l.setLayoutY(y);
        l.setMinSize(width, ROW_HEIGHT);
        l.setPrefSize(width, ROW_HEIGHT);
        l.setMaxSize(width, ROW_HEIGHT);
        l.setTooltip(new Tooltip(tooltip(s)));
        l.setOnMouseClicked(
                e -> {
                    vm.play(s);
                    rows.requestFocus();
                    e.consume();
                });
        return l;
    }

    static String tooltip(WordSpan s) {
        String what =
                switch (s.edit()) {
                    case MATCH -> "";
                    case SUBSTITUTION -> ", substituted";
                    case DELETION -> ", deleted by the model";
                    case INSERTION -> ", inserted by the model";
                };
        return String.format(
                Locale.ROOT,
                "%s: confidence %.2f, %.2f–%.2f s%s",
                s.word(),
                s.confidence(),
                s.startSec(),
                s.endSec(),
                what);
    }
}
