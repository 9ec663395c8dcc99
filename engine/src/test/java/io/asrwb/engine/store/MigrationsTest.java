package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MigrationsTest {

  @TempDir Path dir;

  @Test
  void emptyCatalogIsMigratedToTheLatestVersionWithEveryTable() {
    try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
      assertThat(catalog.schemaVersion()).isEqualTo(Migrations.latestVersion());
      List<String> tables = catalog.read(c -> {
        List<String> t = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")) {
          while (r.next()) {
            t.add(r.getString(1).toLowerCase());
          }
        }
        return t;
      });
      assertThat(tables).contains("schema_version", "datasets", "manifest_versions", "utterances", "curation",
          "import_reports", "import_problems");
    }
    assertThat(dir.resolve("catalog.mv.db")).exists();
  }

  @Test
  void reopeningAppliesNothingTwice() {
    Catalog.open(dir.resolve("catalog")).close();
    try (Catalog catalog = Catalog.open(dir.resolve("catalog.mv.db"))) {
      int rows = catalog.read(c -> {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM schema_version")) {
          r.next();
          return r.getInt(1);
        }
      });
      assertThat(rows).isEqualTo(Migrations.FILES.size());
    }
  }

  @Test
  void catalogFromANewerWorkbenchIsRefusedWithAClearMessage() {
    try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
      catalog.read(c -> c.createStatement().executeUpdate(
          "INSERT INTO schema_version VALUES (99, 'from the future', CURRENT_TIMESTAMP)"));
    }
    assertThatThrownBy(() -> Catalog.open(dir.resolve("catalog")))
        .isInstanceOf(CatalogException.SchemaTooNew.class)
        .hasMessageContaining("schema version 99")
        .hasMessageContaining("update ASR Workbench")
        .hasMessageContaining(dir.resolve("catalog").toString());
  }

  @Test
  void everyMigrationFileOnTheClassPathIsListed() throws IOException, URISyntaxException {
    Path folder = Path.of(Migrations.class.getResource("migrations").toURI());
    try (Stream<Path> files = Files.list(folder)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")))
          .containsExactlyInAnyOrderElementsOf(Migrations.FILES);
    }
    assertThat(Migrations.FILES.stream().map(Migrations::versionOf)).isSorted().doesNotHaveDuplicates();
  }

  @Test
  void scriptsSplitIntoStatementsWithoutComments() {
    assertThat(Migrations.statements("-- a comment\nCREATE TABLE a (x INT);\n\nCREATE TABLE b (y INT);\n"))
        .containsExactly("CREATE TABLE a (x INT)", "CREATE TABLE b (y INT)");
  }
}
