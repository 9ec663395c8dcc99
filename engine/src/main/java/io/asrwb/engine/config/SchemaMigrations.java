package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Upgrades config trees written by older versions, one version step at a time, before they are
 * overlaid on the defaults. Version 1 is the first, so the standard chain is empty; when the
 * format changes, bump {@link RunConfig#CURRENT_SCHEMA_VERSION} and add the step from the old
 * version here (with a fixture file of the old format in the tests).
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
    return new SchemaMigrations(RunConfig.CURRENT_SCHEMA_VERSION, Map.of());
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
      throw new IllegalArgumentException("written for schema_version " + version
          + ", but this ASR Workbench reads up to " + current
          + "; open it with a newer ASR Workbench or lower the version after checking the fields");
    }
    for (int v = version; v < current; v++) {
      Step step = stepFrom.get(v);
      if (step == null) {
        throw new IllegalArgumentException("schema_version " + v + " is not supported (no"
            + " migration to " + (v + 1) + "); supported versions: " + firstSupported() + " to "
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
