package io.asrwb.engine.bench.faults;

import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Part B of the fault benchmark: one process serves a shared catalog (H2 AUTO_SERVER), a second
 * one imports a dataset through it with the real CLI ({@code dataset import}), and the server is
 * SIGKILLed at a seeded-random moment of the import. Survived: the catalog opens afterwards, the
 * dataset is there whole (every utterance, once) or not at all, nothing imported before was
 * harmed, and where it is absent the user's retry imports it whole.
 */
final class CatalogFaults {

    /** H2's own error text ends in "[90121-232]" (code, build): not a message for a user. */
    private static final Pattern RAW_H2 = Pattern.compile("\\[\\d{5}-\\d+]");

    /**
     * Where a kill is aimed: anywhere in the import process's life (its JVM start and the reading of
     * the manifest and audio headers included), or once it has connected to the server.
     */
    enum Aim {
        ANYWHERE,
        CONNECTED
    }

    /**
     * One kill of the serving process and what the catalog held afterwards.
     *
     * @param killAfter seconds from the importer's launch to the kill
     * @param connected whether the importer had a connection to the server when it was killed
     */
    record Round(
            int number,
            Aim aim,
            double killAfter,
            boolean connected,
            int importerExit,
            String importerSaid,
            boolean cleanMessage,
            String dataset,
            String retry,
            boolean survived) {}

    /**
     * @param missed rounds whose import had ended before its kill moment (not counted as kills)
     */
    record Result(
            int planned,
            List<Round> kills,
            int missed,
            int utterances,
            double referenceSeconds,
            double connectSeconds,
            String failure) {

        int survived() {
            return (int) kills.stream().filter(Round::survived).count();
        }
    }

    /** What a fresh open of the catalog finds: utterances per dataset and in all. */
    private record State(String openError, Map<String, Integer> datasets, int utterances) {}

    private final ChildJvm jvm;
    private final Path work;
    private final int kills;
    private final int utterances;
    private final long seed;
    private final TrainingFaults.Progress progress;

    CatalogFaults(
            ChildJvm jvm,
            Path work,
            int kills,
            int utterances,
            long seed,
            TrainingFaults.Progress progress) {
        this.jvm = jvm;
        this.work = work;
        this.kills = kills;
        this.utterances = utterances;
        this.seed = seed;
        this.progress = progress;
    }

    Result run() throws IOException, InterruptedException {
        Path corpus = work.resolve("corpus");
        progress.say("catalog: generating a corpus of %d WAVs", utterances);
        if (ChildJvm.await(
                        jvm.main(
                                "generate-corpus",
                                "io.asrwb.engine.bench.ImportBench",
                                List.of("generate", corpus.toString(), String.valueOf(utterances))),
                        10)
                != 0) {
            return failed(
                    "generating the corpus failed: "
                            + TrainingFaults.firstLine(jvm.stderr("generate-corpus")),
                    0);
        }
        Path manifest = corpus.resolve("manifest.json");
        Path db = work.resolve("shared-catalog").resolve("catalog");

        // the reference: an import through a live server, timed; it sets the window kills fall in
        Process holder = hold(db, "holder-reference");
        long t0 = System.nanoTime();
        Process first = importer("reference", db, manifest);
        double connectSeconds = 0;
        while (first.isAlive()) {
            if (connectSeconds == 0 && TcpSockets.held(first.pid())) {
                connectSeconds = (System.nanoTime() - t0) / 1e9;
            }
            Thread.sleep(5);
        }
        double referenceSeconds = (System.nanoTime() - t0) / 1e9;
        int exit = first.exitValue();
        release(holder);
        if (exit != 0) {
            return failed(
                    "the reference import failed: "
                            + TrainingFaults.firstLine(jvm.stderr("reference")),
                    referenceSeconds);
        }
        progress.say(
                "catalog: an import through the serving process took %.1f s (connected at %.1f s)",
                referenceSeconds, connectSeconds);
        // The windows kills fall in: the shortest whole import seen, and its part after connecting
        // (a round whose import beat its kill shortens them, so later kills land inside imports).
        double window = referenceSeconds;
        double connectedWindow = Math.max(0.1, referenceSeconds - connectSeconds);

        Random random = new Random(seed * 31 + 7);
        List<Round> rounds = new ArrayList<>();
        int missed = 0;
        for (int r = 1; rounds.size() < kills && r <= 3 * kills; r++) {
            String name = String.format(Locale.ROOT, "import-%02d", r);
            Process server = hold(db, "holder-" + r);
            Aim aim = random.nextBoolean() ? Aim.ANYWHERE : Aim.CONNECTED;
            double fraction = random.nextDouble();
            long launched = System.nanoTime();
            Process importing = importer(name, db, manifest);
            long killAt =
                    aim == Aim.ANYWHERE
                            ? launched + (long) (fraction * window * 1e9)
                            : Long.MAX_VALUE;
            long connectedAt = 0;
            while (importing.isAlive() && System.nanoTime() < killAt) {
                if (connectedAt == 0 && TcpSockets.held(importing.pid())) {
                    connectedAt = System.nanoTime();
                    if (aim == Aim.CONNECTED) {
                        killAt = connectedAt + (long) (fraction * connectedWindow * 1e9);
                    }
                }
                Thread.sleep(2);
            }
            boolean connected = TcpSockets.held(importing.pid());
            if (!importing.isAlive()) {
                missed++; // the import beat the clock: no kill during it this round
                long ended = System.nanoTime();
                window = Math.min(window, (ended - launched) / 1e9);
                if (connectedAt != 0) {
                    connectedWindow =
                            Math.max(0.05, Math.min(connectedWindow, (ended - connectedAt) / 1e9));
                }
                release(server);
                continue;
            }
            ChildJvm.kill9(server);
            double after = (System.nanoTime() - launched) / 1e9;
            int importerExit = ChildJvm.await(importing, 10);
            rounds.add(
                    judge(
                            rounds.size() + 1,
                            aim,
                            after,
                            connected,
                            importerExit,
                            name,
                            db,
                            manifest));
            Round last = rounds.get(rounds.size() - 1);
            progress.say(
                    "catalog: kill %d/%d at %.2f s: importer %s, dataset %s%s",
                    last.number(),
                    kills,
                    after,
                    last.importerExit() == 0 ? "carried on" : "exit " + last.importerExit(),
                    last.dataset(),
                    last.retry().isEmpty() ? "" : ", retry " + last.retry());
        }
        return new Result(
                kills, rounds, missed, utterances, referenceSeconds, connectSeconds, null);
    }

    private Round judge(
            int number,
            Aim aim,
            double after,
            boolean connected,
            int importerExit,
            String name,
            Path db,
            Path manifest)
            throws IOException, InterruptedException {
        String said =
                (importerExit == 0
                                ? TrainingFaults.firstLine(jvm.stdout(name))
                                : jvm.stderr(name).strip())
                        .replace(db.toString(), "DB"); // the scratch path is noise
        boolean clean = importerExit == 0 || isCleanMessage(said);
        State state = inspect(db);
        if (state.openError() != null) {
            return new Round(
                    number,
                    aim,
                    after,
                    connected,
                    importerExit,
                    said,
                    clean,
                    "catalog does not open: " + state.openError(),
                    "",
                    false);
        }
        boolean othersWhole = consistent(state, name);
        Integer count = state.datasets().get(name);
        if (count != null) {
            boolean whole = count == utterances && othersWhole;
            return new Round(
                    number,
                    aim,
                    after,
                    connected,
                    importerExit,
                    said,
                    clean,
                    count == utterances ? "whole" : "PARTIAL " + count + "/" + utterances,
                    "",
                    whole);
        }
        // absent: the user tries again, with no other process around
        int retryExit = ChildJvm.await(importer(name + "-retry", db, manifest), 10);
        State again = inspect(db);
        Integer retried = again.datasets().get(name);
        boolean whole =
                retryExit == 0
                        && again.openError() == null
                        && retried != null
                        && retried == utterances
                        && consistent(again, name);
        String retry =
                retryExit != 0
                        ? "exit "
                                + retryExit
                                + ": "
                                + TrainingFaults.firstLine(jvm.stderr(name + "-retry"))
                        : whole ? "imported whole" : "imported " + retried + "/" + utterances;
        return new Round(
                number,
                aim,
                after,
                connected,
                importerExit,
                said,
                clean,
                "absent",
                retry,
                othersWhole && whole);
    }

    /** Every dataset holds exactly the corpus's utterances, and no utterance belongs to none. */
    private boolean consistent(State state, String beingChecked) {
        int expected = 0;
        for (Map.Entry<String, Integer> d : state.datasets().entrySet()) {
            if (d.getValue() != utterances && !d.getKey().equals(beingChecked)) {
                return false;
            }
            expected += d.getValue();
        }
        return state.utterances() == expected;
    }

    /** One line, no stack trace, no H2 error text. */
    static boolean isCleanMessage(String stderr) {
        List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
        return lines.size() == 1
                && !RAW_H2.matcher(lines.get(0)).find()
                && !lines.get(0).contains("Exception");
    }

    /** Opens the catalog in this JVM (nobody else has it open now), counts, closes. */
    private static State inspect(Path db) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c -> {
                        Map<String, Integer> datasets = new LinkedHashMap<>();
                        int all;
                        try (Statement s = c.createStatement()) {
                            try (ResultSet r =
                                    s.executeQuery(
                                            "SELECT d.name, COUNT(u.id) FROM datasets d LEFT JOIN"
                                                + " utterances u ON u.dataset_id = d.id GROUP BY"
                                                + " d.name ORDER BY d.name")) {
                                while (r.next()) {
                                    datasets.put(r.getString(1), r.getInt(2));
                                }
                            }
                            try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM utterances")) {
                                r.next();
                                all = r.getInt(1);
                            }
                        }
                        return new State(null, datasets, all);
                    });
        } catch (RuntimeException e) {
            return new State(e.getMessage(), Map.of(), 0);
        }
    }

    private Process importer(String name, Path db, Path manifest) throws IOException {
        return jvm.cli(
                name,
                db,
                List.of(
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        name.replace("-retry", ""),
                        manifest.toString()),
                true);
    }

    /** A process that opens the catalog first, so it serves it, and holds it until released. */
    private Process hold(Path db, String name) throws IOException, InterruptedException {
        Process holder =
                jvm.main(
                        name,
                        "io.asrwb.engine.store.CatalogSubprocessMain",
                        List.of("hold", db.toString()));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!jvm.stdout(name).contains("ready")) {
            if (!holder.isAlive() || System.nanoTime() > deadline) {
                holder.destroyForcibly();
                throw new IOException(
                        "the catalog holder did not start: "
                                + TrainingFaults.firstLine(jvm.stderr(name)));
            }
            Thread.sleep(20);
        }
        return holder;
    }

    /** Ends a holder the polite way: it closes the catalog when its stdin closes. */
    private static void release(Process holder) throws IOException, InterruptedException {
        holder.getOutputStream().close();
        ChildJvm.await(holder, 2);
    }

    private Result failed(String why, double referenceSeconds) {
        return new Result(kills, List.of(), 0, utterances, referenceSeconds, 0, why);
    }
}
