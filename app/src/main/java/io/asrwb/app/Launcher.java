package io.asrwb.app;

import io.asrwb.engine.store.AppDirs;
import javafx.application.Application;

/**
 * Plain main class: starting through a class that does not extend {@link Application} lets the
 * app run from the class path (no module-info: ND4J has split packages).
 */
public final class Launcher {

  private Launcher() {}

  public static void main(String[] args) {
    AppDirs.defaultNativeCacheDir();
    Application.launch(WorkbenchApp.class, args);
  }
}
