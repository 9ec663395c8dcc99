package io.asrwb.app.config;

import io.asrwb.engine.config.ConfigDiff;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.ConfigField;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.ConfigNames;
import io.asrwb.engine.config.ConfigViolation;
import io.asrwb.engine.config.FieldDifference;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hyperparameters view's state: the run config being edited, its leaves as editable fields,
 * what is wrong with it (Run stays disabled while anything is), and how it differs from its
 * preset. Every edit rebuilds the immutable config through {@link ConfigFields#with} and
 * re-validates, so the sheet, the validator and the YAML always agree.
 */
public final class HyperparametersViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(HyperparametersViewModel.class);

    /** Leaves the sheet does not offer: the preset has its own chooser. */
    private static final String PRESET_PATH = "preset";

    private final Path baseDir;
    private final RunConfigYaml yaml = RunConfigYaml.standard();
    private final Map<String, RunConfig> presetCache = new HashMap<>();
    private final ReadOnlyObjectWrapper<RunConfig> config = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper preset = new ReadOnlyStringWrapper("");
    private final ObservableList<ConfigField> fields = FXCollections.observableArrayList();
    private final ObservableList<ConfigViolation> violations = FXCollections.observableArrayList();
    private final ObservableList<FieldDifference> diff = FXCollections.observableArrayList();
    // One read-only wrapper each, kept: a wrapper forwards changes to its listeners only while
    // someone holds it, so handing out a fresh one per call would lose listeners to the GC.
    private final ObservableList<ConfigField> fieldsView =
            FXCollections.unmodifiableObservableList(fields);
    private final ObservableList<ConfigViolation> violationsView =
            FXCollections.unmodifiableObservableList(violations);
    private final ObservableList<FieldDifference> diffView =
            FXCollections.unmodifiableObservableList(diff);
    private final ReadOnlyBooleanWrapper runEnabled = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    /**
     * @param baseDir folder relative paths in the config (e.g. {@code decode.lm_path}) are
     *                checked against
     */
    public HyperparametersViewModel(Path baseDir) {
        this.baseDir = baseDir;
        runEnabled.bind(Bindings.isEmpty(violations));
        show(RunConfig.defaults());
    }

    /** Starts from the defaults with relative paths resolved against the working directory. */
    public HyperparametersViewModel() {
        this(Path.of(""));
    }

    // ---- state -------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<RunConfig> configProperty() {
        return config.getReadOnlyProperty();
    }

    /** The config as edited now (what a run would start with). */
    public RunConfig currentConfig() {
        return config.get();
    }

    /** The preset the config overlays, empty for the bare defaults. */
    public ReadOnlyStringProperty presetProperty() {
        return preset.getReadOnlyProperty();
    }

    /** Preset names offered by the chooser, smallest first. */
    public List<String> presetNames() {
        return Presets.NAMES;
    }

    /**
     * The editable leaves in declaration order. Replaced wholesale when the tree's shape changes
     * (another model type), element by element when only values change.
     */
    public ObservableList<ConfigField> fields() {
        return fieldsView;
    }

    public ObservableList<ConfigViolation> violations() {
        return violationsView;
    }

    /** Fields whose values differ from the preset's (left: preset, right: current). */
    public ObservableList<FieldDifference> diffAgainstPreset() {
        return diffView;
    }

    /** False while any rule is violated: a run would be refused. */
    public ReadOnlyBooleanProperty runEnabledProperty() {
        return runEnabled.getReadOnlyProperty();
    }

    /** The last load, save or edit outcome in words (errors name the file or field). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The violations of one field, for decorating its editor. */
    public List<ConfigViolation> violationsOf(String path) {
        return violations.stream().filter(v -> v.path().equals(path)).toList();
    }

    // ---- actions -----------------------------------------------------------------------------

    /** Replaces the config with a built-in preset. */
    public void loadPreset(String name) {
        show(presetConfig(name));
        status.set("Preset " + name + " loaded");
    }

    /** Replaces the config with {@code next} (a fine-tuning setup, say), the status saying {@code why}. */
    public void use(RunConfig next, String why) {
        show(next);
        status.set(why);
    }

    /** Loads a YAML config; invalid values load too and show as violations. */
    public boolean load(Path file) {
        try {
            show(yaml.load(file));
            status.set("Loaded " + file.getFileName());
            return true;
        } catch (ConfigException e) {
            status.set("Cannot load " + file + ": " + e.getMessage());
            LOG.warn("cannot load config {}: {}", file, e.getMessage());
            return false;
        }
    }

    /** Writes the current config as YAML. */
    public boolean save(Path file) {
        try {
            yaml.save(config.get(), file);
            status.set("Saved " + file.getFileName());
            return true;
        } catch (IOException e) {
            status.set(
                    "Cannot save "
                            + file
                            + ": "
                            + e.getMessage()
                            + " (check the folder exists and is writable)");
            LOG.warn("cannot save config {}", file, e);
            return false;
        }
    }

    /**
     * Sets one leaf. A value of the wrong type is refused with a message in
     * {@link #statusProperty()}; an out-of-range value is accepted and shows as a violation.
     *
     * @return true when the config changed
     */
    public boolean set(String path, Object value) {
        if (holds(path, value)) {
            // Editors write their initial value back; for model.type that would reset the model.
            return false;
        }
        RunConfig next;
        try {
            next = ConfigFields.with(config.get(), path, value);
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
            return false;
        }
        if (next.equals(config.get())) {
            return false;
        }
        show(next);
        status.set(violationsOf(path).isEmpty() ? path + " = " + value : "");
        return true;
    }

    /** The value a leaf has now, if the config has that leaf. */
    public Optional<Object> valueOf(String path) {
        return fields.stream()
                .filter(f -> f.path().equals(path))
                .findFirst()
                .map(ConfigField::value);
    }

    // ---- internals ---------------------------------------------------------------------------

    private boolean holds(String path, Object value) {
        Object current = valueOf(path).orElse(null);
        if (current == null || value == null) {
            return false;
        }
        if (current.equals(value)) {
            return true;
        }
        String written = current instanceof Enum<?> e ? ConfigNames.enumValue(e) : null;
        return value instanceof String text
                && (text.equals(current.toString()) || text.equals(written));
    }

    private void show(RunConfig next) {
        config.set(next);
        preset.set(next.preset());
        updateFields(
                ConfigFields.of(next).stream().filter(f -> !f.path().equals(PRESET_PATH)).toList());
        violations.setAll(next.validate(baseDir));
        diff.setAll(ConfigDiff.diff(presetConfig(next.preset()), next));
    }

    private void updateFields(List<ConfigField> next) {
        boolean sameShape = next.size() == fields.size();
        for (int i = 0; sameShape && i < next.size(); i++) {
            sameShape = next.get(i).path().equals(fields.get(i).path());
        }
        if (!sameShape) {
            fields.setAll(next);
            return;
        }
        for (int i = 0; i < next.size(); i++) {
            if (!Objects.equals(next.get(i).value(), fields.get(i).value())) {
                fields.set(i, next.get(i));
            }
        }
    }

    private RunConfig presetConfig(String name) {
        if (name == null || name.isBlank() || !Presets.NAMES.contains(name)) {
            return RunConfig.defaults();
        }
        return presetCache.computeIfAbsent(name, Presets::load);
    }
}
