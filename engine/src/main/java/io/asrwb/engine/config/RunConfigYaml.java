package io.asrwb.engine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.files.AtomicWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes run configs as YAML.
 *
 * <p>A file is an overlay: it is applied on the defaults, or on the preset it names with
 * {@code preset: tiny}, so it lists only what it changes. Mappings merge key by key; a list
 * replaces the list below it whole; a model of another {@code type} starts from that type's
 * defaults. A file without {@code schema_version} is taken as the current version; an older one
 * is migrated, a newer one refused ({@link ConfigOverlay} applies the layers). Every problem names
 * the file, line, column and field path ({@link YamlSource}).
 */
public final class RunConfigYaml {

    private static final String HEADER =
            """
            # ASR Workbench run config (snake_case keys, lower-kebab enum values).
            # A file may name a preset (tiny, small, large, wav2letter, quartznet, streaming) and list only the fields it changes.
            """;

    private final ObjectMapper mapper = ConfigMapper.get();
    private final SchemaMigrations migrations;
    private final ConfigOverlay overlay = new ConfigOverlay(mapper);

    public RunConfigYaml(SchemaMigrations migrations) {
        this.migrations = migrations;
    }

    /** A reader with the migrations of this build. */
    public static RunConfigYaml standard() {
        return new RunConfigYaml(SchemaMigrations.standard());
    }

    /** Reads a config file; does not validate values (see {@link #loadValidated}). */
    public RunConfig load(Path file) throws ConfigException {
        return read(readText(file), file.getFileName().toString());
    }

    /** Reads a config file and refuses it unless it validates (relative paths: to its folder). */
    public RunConfig loadValidated(Path file) throws ConfigException {
        Path dir = file.toAbsolutePath().getParent();
        return readValidated(readText(file), file.getFileName().toString(), dir);
    }

    /** Reads YAML text; {@code source} names it in errors (a file name, "preset tiny"). */
    public RunConfig read(String yaml, String source) throws ConfigException {
        return parse(yaml, source).config();
    }

    /** Reads YAML text and refuses it unless it validates, each violation with its line. */
    public RunConfig readValidated(String yaml, String source, Path baseDir)
            throws ConfigException {
        Parsed parsed = parse(yaml, source);
        List<ConfigProblem> problems = new ArrayList<>();
        for (ConfigViolation v :
                RunConfigValidator.validate(
                        parsed.config(), baseDir, parsed.user().locations()::has)) {
            problems.add(parsed.problem(v.path(), v.message()));
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        return parsed.config();
    }

    /** The whole config as YAML, every field written (a run's config is reproducible alone). */
    public String write(RunConfig config) {
        try {
            return HEADER + mapper.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write config as YAML", e);
        }
    }

    /** Writes {@link #write} to {@code file} atomically (temp file in the folder, then rename). */
    public void save(RunConfig config, Path file) throws IOException {
        AtomicWrite.replaceTextOwnerOnly(file, write(config));
    }

    private static String readText(Path file) throws ConfigException {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(
                    new ConfigProblem(
                            file.toString(), 0, 0, "", "cannot read the config file: " + e));
        }
    }

    private record Parsed(RunConfig config, YamlSource user, YamlSource preset) {
        ConfigProblem problem(String path, String message) {
            return YamlSource.locate(path, message, user, preset);
        }
    }

    private Parsed parse(String yaml, String source) throws ConfigException {
        YamlSource user = new YamlSource(source, YamlLocations.of(yaml));
        ObjectNode tree = readTree(yaml, source);
        JsonNode version = tree.get("schema_version");
        if (version != null) {
            if (!version.isInt()) {
                throw user.fail(
                        "schema_version", "expected a whole number, got " + describe(version));
            }
            try {
                migrations.migrate(tree, version.intValue());
            } catch (IllegalArgumentException e) {
                throw user.fail("schema_version", e.getMessage());
            }
            tree.remove("schema_version");
        }
        ObjectNode merged = mapper.valueToTree(RunConfig.defaults());
        String presetName = ConfigOverlay.presetName(tree.remove("preset"), user);
        YamlSource preset = null;
        if (!presetName.isEmpty()) {
            String text = Presets.text(presetName);
            preset = new YamlSource(Presets.resource(presetName), YamlLocations.of(text));
            ObjectNode presetTree = readTree(text, preset.name());
            presetTree.remove("schema_version");
            presetTree.remove("preset");
            overlay.apply(merged, presetTree, preset);
        }
        overlay.apply(merged, tree, user);
        merged.put("schema_version", RunConfig.CURRENT_SCHEMA_VERSION);
        merged.put("preset", presetName);
        List<ConfigViolation> shape = TreeShapeCheck.check(merged);
        if (!shape.isEmpty()) {
            List<ConfigProblem> problems = new ArrayList<>();
            for (ConfigViolation v : shape) {
                problems.add(YamlSource.locate(v.path(), v.message(), user, preset));
            }
            throw new ConfigException(problems);
        }
        try {
            return new Parsed(mapper.treeToValue(merged, RunConfig.class), user, preset);
        } catch (JsonMappingException e) {
            String path = ConfigErrors.pathOf(e);
            throw new ConfigException(
                    YamlSource.locate(path, ConfigErrors.message(e, merged, path), user, preset));
        } catch (JsonProcessingException e) {
            throw new ConfigException(new ConfigProblem(source, 0, 0, "", e.getOriginalMessage()));
        }
    }

    private ObjectNode readTree(String yaml, String source) throws ConfigException {
        JsonNode root;
        try {
            root = mapper.readTree(yaml);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ConfigException(
                    new ConfigProblem(
                            source,
                            at == null ? 0 : at.getLineNr(),
                            at == null ? 0 : at.getColumnNr(),
                            "",
                            "not valid YAML: " + e.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return mapper.createObjectNode();
        }
        if (!root.isObject()) {
            throw new ConfigException(
                    new ConfigProblem(
                            source,
                            1,
                            1,
                            "",
                            "expected a mapping of sections (data:, model:, optim: …), got "
                                    + describe(root)));
        }
        return (ObjectNode) root;
    }

    static String describe(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return "nothing";
        } else if (node.isObject()) {
            return "a mapping";
        } else if (node.isArray()) {
            return "a list";
        } else if (node.isTextual()) {
            return "'" + node.asText() + "'";
        }
        return node.toString();
    }
}
