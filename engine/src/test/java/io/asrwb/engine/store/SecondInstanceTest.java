package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecondInstanceTest {

  @TempDir Path dir;

  @Test
  void aSecondProcessIsToldWhoHoldsTheCatalog() throws Exception {
    Path db = dir.resolve("catalog");
    Process holder = Subprocess.start("hold", db);
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream()));
      String line;
      while ((line = out.readLine()) != null && !line.equals("ready")) {
        // skip log lines
      }
      assertThat(line).as("holder process started").isEqualTo("ready");
      assertThatThrownBy(() -> Catalog.open(db))
          .isInstanceOf(CatalogException.InUse.class)
          .hasMessageStartingWith("the catalog at " + db + " is in use by another ASR Workbench (pid "
              + holder.pid() + " on ")
          .hasMessageContaining("--db PATH");
    } finally {
      holder.getOutputStream().close();
      assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    try (Catalog again = Catalog.open(db)) {
      assertThat(again.schemaVersion()).isPositive();
    }
  }

  @Test
  void aSecondOpenInThisProcessIsRefusedToo() {
    try (Catalog first = Catalog.open(dir.resolve("catalog"))) {
      assertThatThrownBy(() -> Catalog.open(dir.resolve("catalog")))
          .isInstanceOf(CatalogException.InUse.class)
          .hasMessageContaining("pid " + ProcessHandle.current().pid());
    }
  }
}
