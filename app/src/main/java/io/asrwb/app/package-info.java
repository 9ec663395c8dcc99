/** The JavaFX desktop workbench: composition root, views and view models. */
package io.asrwb.app;
