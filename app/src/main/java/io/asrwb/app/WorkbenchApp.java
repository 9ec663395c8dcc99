package io.asrwb.app;

import io.asrwb.app.datasets.DatasetsView;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.assets.Assets;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import java.time.Clock;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

/**
 * Composition root: opens the catalog (the user's data dir unless {@code asrwb.db} or
 * {@code ASRWB_DB} say otherwise), builds the view models and views, and imports the bundled
 * demo corpus on first start.
 */
public final class WorkbenchApp extends Application {

  /** System property naming the catalog to open (tests and screenshots use their own). */
  public static final String DB_PROPERTY = "asrwb.db";

  private Catalog catalog;
  private FxTaskRunner tasks;

  @Override
  public void start(Stage stage) {
    try {
      catalog = Catalog.open(AppDirs.ofSystem().catalogPath(System.getProperty(DB_PROPERTY)));
    } catch (CatalogException e) {
      Alert alert = new Alert(Alert.AlertType.ERROR, e.getMessage());
      alert.setHeaderText("ASR Workbench cannot open its catalog");
      alert.showAndWait();
      Platform.exit();
      return;
    }
    tasks = new FxTaskRunner();
    AppContext ctx = new AppContext(catalog, tasks, Clock.systemUTC(), System.getProperty("user.name", "user"));
    DatasetsViewModel datasets = new DatasetsViewModel(ctx);
    datasets.refresh();
    datasets.importDemoCorpusIfEmpty(Assets.demoCorpusManifest().orElse(null));

    TabPane tabs = new TabPane(new Tab("Datasets", new DatasetsView(datasets)));
    tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
    stage.setTitle("ASR Workbench");
    stage.setScene(new Scene(tabs, 1200, 760));
    stage.show();
  }

  @Override
  public void stop() {
    if (tasks != null) {
      tasks.close();
    }
    if (catalog != null) {
      catalog.close();
    }
  }
}
