package io.asrwb.app.relabel;

import io.asrwb.app.layout.Compact;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.relabel.EvalCer;
import io.asrwb.engine.relabel.RelabelCandidate;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The Re-label tab: the queue most doubtful first; the selected clip's transcript, the offered
 * hypothesis, its CER in every eval and its alignment confidence. Keyboard-first: Enter or A
 * accepts the hypothesis, S or Space skips, P plays, E edits by hand (Enter saves, Escape leaves),
 * Ctrl+Z undoes.
 */
public final class RelabelView extends BorderPane {

    static final String KEYS =
            "Enter/A accept · S/Space skip · P play · E edit · Ctrl+Z undo · Alt+R refresh";

    private static final KeyCombination UNDO =
            new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN);

    private final RelabelViewModel vm;
    private final TableView<RelabelCandidate> table;
    private final TextField edit = new TextField();
    private boolean swallowTyped;

    public RelabelView(RelabelViewModel vm) {
        this.vm = vm;
        ChoiceBox<SplitChoice> split = new ChoiceBox<>();
        split.getItems()
                .setAll(SplitChoice.ALL, SplitChoice.TRAIN, SplitChoice.VAL, SplitChoice.TEST);
        split.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(SplitChoice s) {
                        return s == null || s == SplitChoice.ALL ? "all splits" : s.key();
                    }

                    @Override
                    public SplitChoice fromString(String s) {
                        return SplitChoice.parse(s).orElse(SplitChoice.ALL);
                    }
                });
        split.setId("relabel-split");
        split.valueProperty().bindBidirectional(vm.splitProperty());
        Button refresh = new Button("_Refresh");
        refresh.setId("relabel-refresh");
        refresh.setOnAction(e -> vm.refresh());
        refresh.disableProperty().bind(vm.busyProperty());
        Label about =
                new Label(
                        "Clips of the dataset chosen in Datasets that stay wrong across evals or"
                                + " align poorly");
        HBox top = new HBox(8, split, refresh, about);
        top.setPadding(new Insets(8));

        table = new TableView<>(vm.rows());
        table.setId("relabel-queue");
        table.getColumns().add(column("Score", c -> String.format(Locale.ROOT, "%.2f", c.score())));
        table.getColumns().add(column("Utterance", RelabelCandidate::uttId));
        table.getColumns().add(column("Split", RelabelCandidate::split));
        table.getColumns().add(column("CER % by eval", RelabelView::cers));
        table.getColumns().add(column("Ref. confidence", c -> number(c.refConfidence())));
        table.getColumns().add(column("Transcript", RelabelCandidate::transcript));
        table.getColumns().add(column("Heard", RelabelCandidate::hypothesis));
        table.getSelectionModel()
                .selectedItemProperty()
                .addListener((o, was, now) -> vm.selectedProperty().set(now));
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            if (!Objects.equals(now, table.getSelectionModel().getSelectedItem())) {
                                table.getSelectionModel().select(now);
                            }
                        });

        Label transcript = label("relabel-transcript");
        Label heard = label("relabel-hypothesis");
        Label evals = label("relabel-evals");
        vm.selectedProperty()
                .addListener(
                        (o, was, now) -> {
                            transcript.setText(
                                    now == null ? "" : "Transcript: " + now.transcript());
                            heard.setText(now == null ? "" : "Heard:      " + now.hypothesis());
                            evals.setText(now == null ? "" : details(now));
                        });
        edit.setId("relabel-edit");
        edit.setPromptText("the right transcript; Enter saves, Escape leaves");
        showEdit(false);
        Label keys = new Label(KEYS);
        Label status = label("relabel-status");
        status.textProperty().bind(vm.statusProperty());
        VBox bottom = new VBox(4, transcript, heard, evals, edit, keys, status);
        bottom.setPadding(new Insets(8));

        setTop(top);
        setCenter(table);
        setBottom(bottom);
        addEventFilter(KeyEvent.KEY_PRESSED, this::onKey);
        // The E that opened the editor must not be typed into it.
        addEventFilter(
                KeyEvent.KEY_TYPED,
                e -> {
                    if (swallowTyped) {
                        swallowTyped = false;
                        e.consume();
                    }
                });
        vm.refresh();
    }

    private void onKey(KeyEvent e) {
        if (edit.isVisible()) {
            if (e.getCode() == KeyCode.ENTER) {
                vm.edit(edit.getText());
                leaveEdit(e);
            } else if (e.getCode() == KeyCode.ESCAPE) {
                leaveEdit(e);
            }
            return; // typing
        }
        if (UNDO.match(e)) {
            vm.undo();
            e.consume();
            return;
        }
        if (e.isShortcutDown() || e.isAltDown() || e.isMetaDown()) {
            return;
        }
        switch (e.getCode()) {
            case ENTER, A -> vm.accept();
            case S, SPACE -> vm.skip();
            case P -> vm.play();
            case E -> startEdit();
            default -> {
                return;
            }
        }
        e.consume();
    }

    private void startEdit() {
        RelabelCandidate c = vm.selectedProperty().get();
        if (c == null) {
            return;
        }
        edit.setText(c.hypothesis().isBlank() ? c.transcript() : c.hypothesis());
        showEdit(true);
        swallowTyped = true;
        edit.requestFocus();
        edit.selectAll();
    }

    private void leaveEdit(KeyEvent e) {
        showEdit(false);
        table.requestFocus();
        e.consume();
    }

    private void showEdit(boolean shown) {
        edit.setVisible(shown);
        edit.setManaged(shown);
    }

    private static String details(RelabelCandidate c) {
        String each =
                c.evals().stream()
                        .map(
                                x ->
                                        String.format(
                                                Locale.ROOT,
                                                "step %d: %.0f %% (corpus %.1f %%)",
                                                x.step(),
                                                100 * x.cer(),
                                                100 * x.corpusCer()))
                        .collect(Collectors.joining("; "));
        return String.format(
                Locale.ROOT,
                "CER in %s: %s   alignment confidence: %s   score %.2f",
                c.evals().size() == 1 ? "1 eval" : c.evals().size() + " evals",
                each.isEmpty() ? "-" : each,
                number(c.refConfidence()),
                c.score());
    }

    private static String cers(RelabelCandidate c) {
        return c.evals().stream()
                .map(EvalCer::cer)
                .map(v -> String.format(Locale.ROOT, "%.0f", 100 * v))
                .collect(Collectors.joining(" "));
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static Label label(String id) {
        Label l = new Label();
        l.setId(id);
        return l;
    }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value) {
        TableColumn<R, String> c = new TableColumn<>(title);
        Compact.headerWhole(c);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }
}
