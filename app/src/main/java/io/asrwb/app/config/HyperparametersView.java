package io.asrwb.app.config;

import io.asrwb.engine.config.ConfigField;
import io.asrwb.engine.config.ConfigViolation;
import io.asrwb.engine.config.FieldDifference;
import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.controlsfx.control.PropertySheet;

/**
 * The hyperparameters tab: preset chooser and YAML load/save on top, the config as a property
 * sheet grouped by section, and beside it what is wrong (each invalid editor is marked too) and
 * what differs from the preset.
 */
public final class HyperparametersView extends BorderPane {

    private static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    private final HyperparametersViewModel vm;
    private final PropertySheet sheet = new PropertySheet();
    private final ConfigEditorFactory editors = new ConfigEditorFactory(this::mark);
    private final Map<String, ConfigFieldItem> items = new LinkedHashMap<>();
    private final ChoiceBox<String> presets = new ChoiceBox<>();
    private boolean showingPreset;

    public HyperparametersView(HyperparametersViewModel vm) {
        this.vm = vm;
        getStyleClass().add("hyperparameters-view");
        setTop(toolbar());
        setCenter(body());
        rebuildItems();
        vm.fields().addListener((ListChangeListener<ConfigField>) c -> onFieldsChanged());
        vm.violations().addListener((ListChangeListener<ConfigViolation>) c -> markInvalid());
        markInvalid();
    }

    private Node toolbar() {
        Label presetLabel = new Label("Preset");
        presets.setId("hyper-preset");
        presets.getItems().setAll(vm.presetNames());
        showPreset(vm.presetProperty().get());
        vm.presetProperty().addListener((o, a, b) -> showPreset(b));
        presets.setOnAction(
                e -> {
                    if (!showingPreset && presets.getValue() != null) {
                        vm.loadPreset(presets.getValue());
                    }
                });
        Button reset = new Button("Reset");
        reset.setTooltip(new Tooltip("Back to the preset's values"));
        reset.setOnAction(
                e -> vm.loadPreset(presets.getValue() == null ? "tiny" : presets.getValue()));
        Button load = new Button("Load…");
        load.setId("hyper-load");
        load.setOnAction(e -> chooseFile(false));
        Button save = new Button("Save…");
        save.setId("hyper-save");
        save.setOnAction(e -> chooseFile(true));

        Label runState = new Label();
        runState.setId("hyper-run-state");
        runState.textProperty()
                .bind(
                        Bindings.when(vm.runEnabledProperty())
                                .then("Ready to run")
                                .otherwise(
                                        Bindings.size(vm.violations())
                                                .asString("%d problem(s): Run disabled")));
        runState.getStyleClass().add("run-state");
        vm.runEnabledProperty()
                .addListener((o, a, ok) -> runState.pseudoClassStateChanged(INVALID, !ok));
        runState.pseudoClassStateChanged(INVALID, !vm.runEnabledProperty().get());

        Label status = new Label();
        status.setId("hyper-status");
        status.textProperty().bind(vm.statusProperty());
        status.getStyleClass().add("status-text");
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar =
                new HBox(
                        8,
                        presetLabel,
                        presets,
                        reset,
                        load,
                        save,
                        new FineTuneFromButton(new FineTuneSetup(vm)),
                        status,
                        grow,
                        runState);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        bar.getStyleClass().add("tool-bar-row");
        return bar;
    }

    private Node body() {
        sheet.setId("hyper-sheet");
        sheet.setMode(PropertySheet.Mode.CATEGORY);
        sheet.setModeSwitcherVisible(true);
        sheet.setSearchBoxVisible(true);
        sheet.setPropertyEditorFactory(editors);

        ListView<ConfigViolation> violations = new ListView<>(vm.violations());
        violations.setId("hyper-violations");
        violations.setPlaceholder(new Label("No problems"));
        violations.getStyleClass().add("violation-list");
        ListView<FieldDifference> diff = new ListView<>(vm.diffAgainstPreset());
        diff.setId("hyper-diff");
        diff.setPlaceholder(new Label("Same as the preset"));
        VBox.setVgrow(violations, Priority.ALWAYS);
        VBox.setVgrow(diff, Priority.ALWAYS);
        Label problemsTitle = new Label("Problems");
        Label diffTitle = new Label("Diff vs preset");
        problemsTitle.getStyleClass().add("section-title");
        diffTitle.getStyleClass().add("section-title");
        VBox side = new VBox(6, problemsTitle, violations, diffTitle, diff);
        side.setPadding(new Insets(8));

        SplitPane split = new SplitPane(sheet, side);
        split.setDividerPositions(0.62);
        return split;
    }

    private void showPreset(String name) {
        showingPreset = true;
        presets.setValue(name == null || name.isEmpty() ? null : name);
        showingPreset = false;
    }

    private void onFieldsChanged() {
        List<String> paths = vm.fields().stream().map(ConfigField::path).toList();
        if (!paths.equals(List.copyOf(items.keySet()))) {
            rebuildItems();
        } else {
            for (ConfigField f : vm.fields()) {
                items.get(f.path()).refresh(f.value());
            }
        }
        markInvalid();
    }

    private void rebuildItems() {
        items.clear();
        for (ConfigField f : vm.fields()) {
            items.put(f.path(), new ConfigFieldItem(f, vm::set));
        }
        sheet.getItems().setAll(items.values());
    }

    private void markInvalid() {
        // The sheet may build an editor more than once (search, mode switch): mark what it shows.
        for (String path : items.keySet()) {
            for (Node node : sheet.lookupAll("#" + ConfigEditorFactory.nodeId(path))) {
                mark(path, node);
            }
        }
    }

    /** Marks one editor red with its problems in the tooltip, or clears the mark. */
    private void mark(String path, Node node) {
        String problem =
                vm.violationsOf(path).stream()
                        .map(ConfigViolation::message)
                        .collect(Collectors.joining("\n"));
        node.pseudoClassStateChanged(INVALID, !problem.isEmpty());
        if (node instanceof Control control) {
            ConfigFieldItem item = items.get(path);
            String description = item == null ? "" : item.getDescription();
            control.setTooltip(
                    new Tooltip(problem.isEmpty() ? description : problem + "\n" + description));
        }
    }

    private void chooseFile(boolean saving) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(saving ? "Save config" : "Load config");
        chooser.getExtensionFilters()
                .add(new FileChooser.ExtensionFilter("YAML", "*.yaml", "*.yml"));
        if (saving) {
            chooser.setInitialFileName("run.yaml");
        }
        File file =
                saving
                        ? chooser.showSaveDialog(getScene().getWindow())
                        : chooser.showOpenDialog(getScene().getWindow());
        if (file == null) {
            return;
        }
        if (saving) {
            vm.save(file.toPath());
        } else {
            vm.load(file.toPath());
        }
    }
}
