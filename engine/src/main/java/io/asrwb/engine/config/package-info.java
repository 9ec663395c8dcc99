/**
 * The run configuration: a tree of immutable records with defaults and runtime-readable field
 * descriptions, loaded from and saved to YAML (presets, overlays, schema migration) and validated
 * field by field.
 */
package io.asrwb.engine.config;
