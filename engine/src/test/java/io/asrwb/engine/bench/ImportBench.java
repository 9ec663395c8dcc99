package io.asrwb.engine.bench;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogImporter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Benchmark helper for bench/import-100k.sh (not a unit test).
 *
 * <ul>
 *   <li>{@code generate DIR N}: N distinct 16 kHz 16-bit mono WAVs of 0.1–0.6 s under DIR/wav/ (1000
 *       per folder) and a NeMo manifest DIR/manifest.json listing them.
 *   <li>{@code store DB N}: times only the catalog part (checks + one-transaction batch insert) of an
 *       N-utterance import, without reading any files.
 *   <li>{@code open DB}: times opening the catalog (connection, schema check) and queries, as
 *       the first process or through another that has it open (bench/catalog-shared.sh).
 *   <li>{@code reopen DB N}: in one warm JVM, opens the catalog, asks its schema version and closes
 *       it N times; prints the median, fastest and slowest (docs/PERFORMANCE.md, "Catalog access").
 * </ul>
 */
public final class ImportBench {

    private static final int RATE = 16_000;

    private ImportBench() {}

    public static void main(String[] args) throws IOException {
        if (args[0].equals("open")) {
            open(Path.of(args[1]));
        } else if (args[0].equals("reopen")) {
            reopen(Path.of(args[1]), Integer.parseInt(args[2]));
        } else if (args[0].equals("generate")) {
            generate(Path.of(args[1]), Integer.parseInt(args[2]));
        } else {
            store(Path.of(args[1]), Integer.parseInt(args[2]));
        }
    }

    static void generate(Path dir, int n) throws IOException {
        long t0 = System.nanoTime();
        for (int folder = 0; folder * 1000 < n; folder++) {
            Files.createDirectories(dir.resolve("wav").resolve(String.format("%03d", folder)));
        }
        double[] durations = new double[n];
        IntStream.range(0, n)
                .parallel()
                .forEach(
                        i -> {
                            SplittableRandom rnd = new SplittableRandom(i);
                            int samples = 1600 + rnd.nextInt(8001); // 0.1–0.6 s
                            durations[i] = (double) samples / RATE;
                            try {
                                Files.write(dir.resolve(relative(i)), wav(samples, rnd));
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("manifest.json"))) {
            for (int i = 0; i < n; i++) {
                w.write(
                        String.format(
                                Locale.ROOT,
                                "{\"audio_filepath\": \"%s\", \"duration\": %.6f, \"text\":"
                                        + " \"%s\"}%n",
                                relative(i),
                                durations[i],
                                text(i)));
            }
        }
        System.out.printf(
                Locale.ROOT,
                "generated %d wavs + manifest in %.1f s%n",
                n,
                (System.nanoTime() - t0) / 1e9);
    }

    static void store(Path db, int n) {
        List<Utterance> utts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            utts.add(
                    new Utterance(
                            "u" + i,
                            relative(i),
                            0.1 + (i % 500) / 1000.0,
                            text(i),
                            "",
                            Split.NONE));
        }
        Path root = db.toAbsolutePath().getParent();
        ImportOutcome outcome =
                new ImportOutcome(
                        DatasetFormat.NEMO, root.resolve("manifest.json"), root, utts, List.of());
        try (Catalog catalog = Catalog.open(db)) {
            long t0 = System.nanoTime();
            new CatalogImporter(catalog, TextChecks.ENGLISH, Clock.systemUTC())
                    .store("bench-" + System.nanoTime(), outcome, ImportProgress.NONE);
            System.out.printf(
                    Locale.ROOT,
                    "stored %d utterances (checks + one transaction) in %.2f s%n",
                    n,
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    static void reopen(Path db, int n) {
        Catalog.open(db).close();
        long[] t = new long[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            try (Catalog catalog = Catalog.open(db)) {
                catalog.schemaVersion();
            }
            t[i] = System.nanoTime() - t0;
        }
        java.util.Arrays.sort(t);
        System.out.printf(
                Locale.ROOT,
                "open + first query + close: median %.1f ms, fastest %.1f ms, slowest %.1f ms"
                        + " (%d in one JVM)%n",
                t[n / 2] / 1e6,
                t[0] / 1e6,
                t[n - 1] / 1e6,
                n);
    }

    static void open(Path db) {
        long t0 = System.nanoTime();
        try (Catalog catalog = Catalog.open(db)) {
            long t1 = System.nanoTime();
            int version = catalog.schemaVersion();
            long t2 = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                catalog.schemaVersion();
            }
            long t3 = System.nanoTime();
            // one-row transactions on a table of the schema (the everyday user cannot create
            // tables)
            long t4 = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                int n = i;
                catalog.transaction(
                        c ->
                                c.createStatement()
                                        .executeUpdate(
                                                "INSERT INTO hosts(name, address, port,"
                                                        + " user_name, created_at) VALUES ('bench-"
                                                        + n
                                                        + "', 'localhost', 22, 'bench',"
                                                        + " CURRENT_TIMESTAMP)"));
            }
            long t5 = System.nanoTime();
            catalog.transaction(
                    c ->
                            c.createStatement()
                                    .executeUpdate("DELETE FROM hosts WHERE name LIKE 'bench-%'"));
            System.out.printf(
                    Locale.ROOT,
                    "opened in %.0f ms, first query %.1f ms, then %.2f ms a query, %.2f ms a"
                            + " one-row transaction (schema %d)%n",
                    (t1 - t0) / 1e6,
                    (t2 - t1) / 1e6,
                    (t3 - t2) / 200.0 / 1e6,
                    (t5 - t4) / 200.0 / 1e6,
                    version);
        }
    }

    private static String relative(int i) {
        return String.format("wav/%03d/%06d.wav", i / 1000, i);
    }

    private static String text(int i) {
        String[] words = {
            "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "speech", "model"
        };
        StringBuilder s = new StringBuilder();
        for (int k = 0, x = i; k < 4; k++, x /= 10) {
            s.append(k == 0 ? "" : " ").append(words[x % 10]);
        }
        return s.toString();
    }

    private static byte[] wav(int samples, SplittableRandom rnd) {
        ByteBuffer b = ByteBuffer.allocate(44 + 2 * samples).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46464952).putInt(36 + 2 * samples).putInt(0x45564157);
        b.putInt(0x20746d66).putInt(16).putShort((short) 1).putShort((short) 1);
        b.putInt(RATE).putInt(RATE * 2).putShort((short) 2).putShort((short) 16);
        b.putInt(0x61746164).putInt(2 * samples);
        for (int i = 0; i < samples; i++) {
            b.putShort((short) (rnd.nextInt(2001) - 1000)); // quiet noise, different in every file
        }
        return b.array();
    }
}
