package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Upgrades config trees written by older versions, one version step at a time, before they are
 * overlaid on the defaults. When the format changes, bump {@link RunConfig#CURRENT_SCHEMA_VERSION}
 * and add the step from the old version here (with a fixture of the old format in the tests).
 *
 * <p>1 → 2: DS2 got {@code conv_batch_norm} and {@code rnn_batch_norm}, and the {@code small} and
 * {@code large} presets turned them on. A version-1 file meant a model without batch norm
 * whatever preset it names (an old run's config.yaml, a checkpoint's state.json), so the step
 * writes both as false into a DS2 model that does not set them.
 */
public final class SchemaMigrations {

    /** Rewrites a tree of version {@code v} in place into version {@code v + 1}. */
    @FunctionalInterface
    public interface Step {
        void apply(ObjectNode tree);
    }

    private final int current;
    private final Map<Integer, Step> stepFrom;

    /**
     * @param current  the version the chain ends at
     * @param stepFrom the step that upgrades each older version to the next
     */
    public SchemaMigrations(int current, Map<Integer, Step> stepFrom) {
        this.current = current;
        this.stepFrom = Map.copyOf(stepFrom);
    }

    public static SchemaMigrations standard() {
        return new SchemaMigrations(
                RunConfig.CURRENT_SCHEMA_VERSION,
                Map.of(1, SchemaMigrations::noBatchNormInVersion1));
    }

    private static void noBatchNormInVersion1(ObjectNode tree) {
        JsonNode model = tree.get("model");
        if (model != null && !model.isObject()) {
            return; // a wrong shape: the shape check reports it after the overlay
        }
        ObjectNode ds2 = model == null ? tree.putObject("model") : (ObjectNode) model;
        JsonNode type = ds2.get("type");
        if (type != null && !Ds2Config.TYPE.equals(type.asText())) {
            return;
        }
        for (String field : new String[] {"conv_batch_norm", "rnn_batch_norm"}) {
            if (!ds2.has(field)) {
                ds2.put(field, false);
            }
        }
    }

    public int current() {
        return current;
    }

    /**
     * Upgrades {@code tree} from {@code version} to the current one.
     *
     * @throws IllegalArgumentException for a newer version or an older one no step upgrades
     */
    public void migrate(ObjectNode tree, int version) {
        if (version > current) {
            throw new IllegalArgumentException(
                    "written for schema_version "
                            + version
                            + ", but this ASR Workbench reads up to "
                            + current
                            + "; open it with a newer ASR Workbench or lower the version after"
                            + " checking the fields");
        }
        for (int v = version; v < current; v++) {
            Step step = stepFrom.get(v);
            if (step == null) {
                throw new IllegalArgumentException(
                        "schema_version "
                                + v
                                + " is not supported (no"
                                + " migration to "
                                + (v + 1)
                                + "); supported versions: "
                                + firstSupported()
                                + " to "
                                + current);
            }
            step.apply(tree);
        }
        tree.put("schema_version", current);
    }

    private int firstSupported() {
        int v = current;
        while (stepFrom.containsKey(v - 1)) {
            v--;
        }
        return v;
    }
}
