package io.asrwb.app.datasets;

import io.asrwb.engine.data.curation.SplitRequest.By;
import java.util.List;
import java.util.Optional;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

/** Asks for the val and test shares, by speaker or utterance, and the seed of a dataset's splits. */
final class SplitDialog extends Dialog<SplitDatasetRequest> {

    SplitDialog(Window owner, String dataset) {
        setTitle("Split '" + dataset + "'");
        if (owner != null) {
            initOwner(owner);
        }
        Spinner<Double> val = share("split-val");
        Spinner<Double> test = share("split-test");
        ChoiceBox<Optional<By>> by = new ChoiceBox<>();
        by.setId("split-by");
        by.getItems()
                .setAll(
                        List.of(
                                Optional.empty(),
                                Optional.of(By.SPEAKER),
                                Optional.of(By.UTTERANCE)));
        by.setValue(Optional.empty());
        by.setConverter(
                new StringConverter<>() {
                    @Override
                    public String toString(Optional<By> b) {
                        return b == null || b.isEmpty()
                                ? "speaker when every utterance has one"
                                : b.get().key();
                    }

                    @Override
                    public Optional<By> fromString(String s) {
                        return By.parse(s);
                    }
                });
        Spinner<Integer> seed = new Spinner<>(0, Integer.MAX_VALUE, 1);
        seed.setId("split-seed");
        seed.setEditable(true);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Validation share"), val);
        grid.addRow(1, new Label("Test share"), test);
        grid.addRow(2, new Label("Deal by"), by);
        grid.addRow(3, new Label("Seed"), seed);
        grid.add(
                new Label(
                        "The rest trains. The splits replace any the dataset has, as its next"
                                + " manifest version; excluded utterances keep theirs."),
                0,
                4,
                2,
                1);
        getDialogPane().setId("split-dialog");
        getDialogPane().setContent(grid);
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        setResultConverter(
                b ->
                        b == ButtonType.OK
                                ? new SplitDatasetRequest(
                                        val.getValue(),
                                        test.getValue(),
                                        by.getValue(),
                                        seed.getValue())
                                : null);
    }

    /** 0 to 0.9 in steps of 0.05, 0.1 to start with (a tenth, as is usual). */
    private static Spinner<Double> share(String id) {
        Spinner<Double> s = new Spinner<>(0.0, 0.9, 0.1, 0.05);
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(90);
        return s;
    }
}
