/** Locates the bundled assets (demo corpus, demo model, presets) for the app and the CLI. */
package io.asrwb.engine.assets;
