package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportProgress;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Run in a second JVM by the tests. {@code hold DB}: open the catalog, print "ready", keep it open
 * until stdin closes. {@code crash DB}: start importing 5000 utterances and halt the JVM (no
 * shutdown hooks, like a kill -9) after the second batch was inserted.
 */
public final class CatalogSubprocessMain {

  private CatalogSubprocessMain() {}

  public static void main(String[] args) throws IOException {
    Path db = Path.of(args[1]);
    try (Catalog catalog = Catalog.open(db)) {
      if (args[0].equals("hold")) {
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
          // wait until the test closes our stdin
        }
      } else {
        ImportProgress crash = (done, total) -> {
          if (done >= 2000) {
            System.out.println("halting");
            System.out.flush();
            Runtime.getRuntime().halt(3);
          }
          return true;
        };
        Fixtures.importer(catalog).store("doomed", Fixtures.outcome(db.getParent(), Fixtures.utterances(5000)), crash);
      }
    }
  }
}
