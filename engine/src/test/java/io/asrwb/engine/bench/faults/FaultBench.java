package io.asrwb.engine.bench.faults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The fault benchmark (bench/faults.sh; not a unit test): kill -9 a real training at N random
 * moments and resume it each time, comparing every step's loss with an uninterrupted run
 * ({@link TrainingFaults}); kill -9 the process serving a shared catalog during another process's
 * import ({@link CatalogFaults}). Prints a table per part and {@code kills survived: a/b
 * (training), c/d (catalog)}; exits 1 when any kill was not survived, 2 on bad arguments.
 *
 * <p>Usage: {@code FaultBench --work DIR [--kills N] [--catalog-kills M] [--seed S] [--steps S]
 * [--utterances U]}; a bare number is N, a second one the seed. Run from the repository root.
 */
public final class FaultBench {

    private FaultBench() {}

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("faults: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isRegularFile(root.resolve("assets/demo-corpus/demo.jsonl"))) {
            System.err.println(
                    "faults: run from the repository root (no assets/demo-corpus/demo.jsonl"
                            + " under "
                            + root
                            + ")");
            System.exit(2);
        }
        Files.createDirectories(o.work());
        ChildJvm jvm = new ChildJvm(root, o.work());
        TrainingFaults.Progress progress =
                (format, a) -> {
                    System.err.printf(Locale.ROOT, format + "%n", a);
                    System.err.flush();
                };
        FaultReport report = new FaultReport(System.out);
        TrainingFaults.Result training = null;
        if (o.kills() > 0) {
            training =
                    new TrainingFaults(
                                    jvm, root, o.work(), o.kills(), o.steps(), o.seed(), progress)
                            .run();
            report.training(training, o.steps(), o.seed());
        }
        CatalogFaults.Result catalog = null;
        if (o.catalogKills() > 0) {
            catalog =
                    new CatalogFaults(
                                    jvm,
                                    o.work(),
                                    o.catalogKills(),
                                    o.utterances(),
                                    o.seed(),
                                    progress)
                            .run();
            report.catalog(catalog, o.seed());
        }
        System.exit(report.summary(training, catalog) ? 0 : 1);
    }

    /** The command line, checked: each number in its range or one line saying which is not. */
    record Options(Path work, int kills, int catalogKills, long seed, int steps, int utterances) {

        static Options parse(String[] args) {
            Path work = null;
            int kills = 20;
            int catalogKills = 10;
            long seed = 1;
            int steps = 60;
            int utterances = 5000;
            int bare = 0;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (!a.startsWith("--")) {
                    if (bare == 0) {
                        kills = number("N (training kills)", a, 0, 1000);
                    } else if (bare == 1) {
                        seed = number("SEED", a, 0, Integer.MAX_VALUE);
                    } else {
                        throw new IllegalArgumentException(
                                "unexpected argument "
                                        + a
                                        + "; usage: [N] [SEED] [--catalog-kills M] [--steps S]"
                                        + " [--utterances U]");
                    }
                    bare++;
                    continue;
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args[++i];
                switch (a) {
                    case "--work" -> work = Path.of(v);
                    case "--kills" -> kills = number(a, v, 0, 1000);
                    case "--catalog-kills" -> catalogKills = number(a, v, 0, 1000);
                    case "--seed" -> seed = number(a, v, 0, Integer.MAX_VALUE);
                    case "--steps" -> steps = number(a, v, 5, 100_000);
                    case "--utterances" -> utterances = number(a, v, 1, 1_000_000);
                    default ->
                            throw new IllegalArgumentException(
                                    "unknown option "
                                            + a
                                            + "; options: --kills --catalog-kills --seed --steps"
                                            + " --utterances --work");
                }
            }
            if (work == null) {
                throw new IllegalArgumentException("--work DIR is required (a scratch folder)");
            }
            return new Options(work, kills, catalogKills, seed, steps, utterances);
        }

        private static int number(String what, String value, int min, int max) {
            try {
                int n = Integer.parseInt(value);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException notANumber) {
                // said below
            }
            throw new IllegalArgumentException(
                    what
                            + " must be a whole number from "
                            + min
                            + " to "
                            + max
                            + ", got '"
                            + value
                            + "'");
        }
    }
}
