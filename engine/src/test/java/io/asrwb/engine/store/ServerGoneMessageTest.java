package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the process serving the catalog ends under a transaction of another process, that process
 * says so in one line (and what to do), not with H2's "Database is already closed (… add
 * ;DB_CLOSE_ON_EXIT=FALSE …)".
 */
class ServerGoneMessageTest {

    @TempDir Path dir;

    @Test
    void aTransactionCutByTheServersEndSaysRunItAgain() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess holder = Subprocess.talk("hold", db)) {
            holder.await("ready");
            try (Catalog client = Catalog.open(db)) {
                Throwable thrown =
                        catchThrowable(
                                () ->
                                        client.transaction(
                                                c -> {
                                                    try (Statement s = c.createStatement()) {
                                                        s.execute(
                                                                "INSERT INTO datasets(name, format,"
                                                                    + " source_path, root_path,"
                                                                    + " created_at) VALUES ('half',"
                                                                    + " 'nemo', 's', 'r',"
                                                                    + " CURRENT_TIMESTAMP)");
                                                        holder.process()
                                                                .destroy(); // SIGTERM: H2 closes
                                                        // the database in its
                                                        // shutdown hook
                                                        awaitEnd(holder.process());
                                                        s.execute(
                                                                "INSERT INTO datasets(name, format,"
                                                                    + " source_path, root_path,"
                                                                    + " created_at) VALUES"
                                                                    + " ('other', 'nemo', 's', 'r',"
                                                                    + " CURRENT_TIMESTAMP)");
                                                    }
                                                    return null;
                                                }));
                assertThat(thrown).isInstanceOf(CatalogException.class);
                assertThat(thrown.getMessage())
                        .startsWith("the process that served the catalog " + db)
                        .contains("run the command again")
                        .doesNotContain("DB_CLOSE_ON_EXIT");
                // and the catalog carries on without the cut transaction
                java.util.List<DatasetRecord> left =
                        client.read(c -> new DatasetRepository(c).all());
                assertThat(left).isEmpty();
            }
        }
    }

    private static void awaitEnd(Process p) {
        try {
            p.waitFor(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
