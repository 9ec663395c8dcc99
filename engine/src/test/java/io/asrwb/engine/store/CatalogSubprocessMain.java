package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportProgress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Run in a second JVM by the tests; each mode opens the catalog {@code DB} first.
 * <ul>
 *   <li>{@code hold DB}: print "ready", keep it open until stdin closes.
 *   <li>{@code crash DB}: start importing 5000 utterances and halt the JVM (no shutdown hooks,
 *       like a kill -9) after the second batch was inserted.
 *   <li>{@code import DB NAME N}: import N utterances as NAME, print "imported", exit.
 *   <li>{@code stepwise DB NAME N}: import N utterances as NAME one batch at a time: after each
 *       batch print "batch DONE" and wait for a line on stdin; after the commit print
 *       "committed", then hold the catalog until stdin closes.
 *   <li>{@code list DB}: print "dataset NAME" for each dataset, exit.
 *   <li>{@code writer DB}: print "ready"; for each line "write NAME" on stdin import 10 utterances
 *       as NAME and print "NAME: wrote" (or "NAME: failed, why"); exit when stdin closes.
 *   <li>{@code exclusive DB}: open the file as workbenches before sharing did (embedded, H2's
 *       file lock, no AUTO_SERVER), print "ready", keep it until stdin closes.
 * </ul>
 */
public final class CatalogSubprocessMain {

    private CatalogSubprocessMain() {}

    public static void main(String[] args) throws IOException, SQLException {
        Path db = Path.of(args[1]);
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (args[0].equals("exclusive")) {
            // as the admin: with its password where a current workbench gave it one
            String password =
                    CatalogSecret.exists(db)
                            ? CatalogSecret.read(CatalogSecret.fileOf(db)).admin()
                            : "";
            try (Connection c =
                    DriverManager.getConnection(
                            "jdbc:h2:file:" + db + ";FILE_LOCK=FILE", "asrwb", password)) {
                say("ready");
                holdUntilStdinCloses(in);
            }
            return;
        }
        try (Catalog catalog = Catalog.open(db)) {
            switch (args[0]) {
                case "hold" -> {
                    say("ready");
                    holdUntilStdinCloses(in);
                }
                case "crash" -> {
                    ImportProgress crash =
                            (done, total) -> {
                                if (done >= 2000) {
                                    say("halting");
                                    Runtime.getRuntime().halt(3);
                                }
                                return true;
                            };
                    Fixtures.importer(catalog)
                            .store(
                                    "doomed",
                                    Fixtures.outcome(db.getParent(), Fixtures.utterances(5000)),
                                    crash);
                }
                case "import" -> {
                    Fixtures.importer(catalog)
                            .store(
                                    args[2],
                                    Fixtures.outcome(
                                            db.getParent(),
                                            Fixtures.utterances(Integer.parseInt(args[3]))),
                                    ImportProgress.NONE);
                    say("imported");
                }
                case "stepwise" -> {
                    ImportProgress stepwise =
                            (done, total) -> {
                                say("batch " + done);
                                return readLine(in) != null;
                            };
                    Fixtures.importer(catalog)
                            .store(
                                    args[2],
                                    Fixtures.outcome(
                                            db.getParent(),
                                            Fixtures.utterances(Integer.parseInt(args[3]))),
                                    stepwise);
                    say("committed");
                    holdUntilStdinCloses(in);
                }
                case "list" ->
                        catalog.<Void>read(
                                c -> {
                                    for (DatasetRecord d : new DatasetRepository(c).all()) {
                                        say("dataset " + d.name());
                                    }
                                    return null;
                                });
                case "writer" -> {
                    say("ready");
                    String line;
                    while ((line = in.readLine()) != null) {
                        String name = line.substring("write ".length());
                        try {
                            Fixtures.importer(catalog)
                                    .store(
                                            name,
                                            Fixtures.outcome(
                                                    db.getParent(), Fixtures.utterances(10)),
                                            ImportProgress.NONE);
                            say(name + ": wrote");
                        } catch (RuntimeException e) {
                            say(name + ": failed, " + e);
                        }
                    }
                }
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            }
        }
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static void holdUntilStdinCloses(BufferedReader in) throws IOException {
        while (in.readLine() != null) {
            // wait until the test closes our stdin
        }
    }

    private static String readLine(BufferedReader in) {
        try {
            return in.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
