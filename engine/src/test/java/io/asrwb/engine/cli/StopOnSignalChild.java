package io.asrwb.engine.cli;

import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * For {@link StopOnSignalTest}, in a JVM of its own: opens a catalog, catches the signals, and
 * once asked to stop says whether the JVM is shutting down (it halts, wherever this thread is, once
 * the hooks are done) and writes a row to the catalog, as a stopped run records its end. With {@code
 * deaf} it never stops by itself: only a second signal ends it.
 */
public final class StopOnSignalChild {

    private StopOnSignalChild() {}

    public static void main(String[] args) throws Exception {
        boolean deaf = args.length > 1 && args[1].equals("deaf");
        CountDownLatch asked = new CountDownLatch(1);
        int status;
        try (StopOnSignal signals =
                        StopOnSignal.install(
                                "test-stop",
                                () -> {
                                    System.out.println("stop asked");
                                    asked.countDown();
                                },
                                Duration.ofSeconds(10));
                Catalog catalog = Catalog.open(Path.of(args[0]))) {
            System.out.println("ready");
            if (!asked.await(2, TimeUnit.MINUTES) || deaf) {
                Thread.sleep(TimeUnit.MINUTES.toMillis(2));
                System.out.println("never asked, or deaf and not killed");
                System.exit(1);
            }
            Thread.sleep(300); // time for a shutdown, had one begun, to close the catalog
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {}));
                System.out.println("not shutting down");
            } catch (IllegalStateException shuttingDown) {
                System.out.println("shutting down");
            }
            catalog.transaction(
                    c -> {
                        try (Statement s = c.createStatement()) {
                            s.execute(
                                    "INSERT INTO datasets(name, format, source_path, root_path,"
                                            + " created_at) VALUES ('stopped at step 7', 'nemo',"
                                            + " '', '', CURRENT_TIMESTAMP)");
                        }
                        return null;
                    });
            System.out.println("recorded");
            status = signals.exitStatus().orElse(0);
        }
        System.exit(status);
    }
}
