package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Utterance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The checks every import shares: the audio path stays under the dataset root, the audio header
 * is readable and non-empty, the stated duration agrees with it, the transcript is there, the
 * id is unique, and the transcript's characters are in the alphabet (a warning only).
 *
 * <p>This class runs the checks ({@link EntryCheck}, one entry each) and assembles the outcome,
 * where duplicate ids are found. Header probing is file I/O, so entries are checked in chunks on a
 * small bounded pool; the outcome is assembled afterwards in source order, so results do not
 * depend on scheduling.
 */
public final class EntryValidator {

    /** Largest accepted gap between a stated duration and the audio header's. */
    public static final double DURATION_TOLERANCE_S = EntryCheck.DURATION_TOLERANCE_S;

    private static final int CHUNK = 256;

    /** I/O bound work: more threads than cores helps on disks with queue depth, but stay bounded. */
    private static final int MAX_THREADS = 8;

    private EntryValidator() {}

    public static ImportOutcome validate(
            DatasetFormat format,
            Path source,
            ParsedSource parsed,
            Alphabet alphabet,
            ImportProgress progress) {
        List<SourceRow> rows = parsed.rows();
        Path root = parsed.root();
        int n = rows.size();
        EntryCheck[] checked = new EntryCheck[n];
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicLong done = new AtomicLong();
        int chunks = (n + CHUNK - 1) / CHUNK;

        if (!progress.report(0, n)) {
            throw new CancellationException("import cancelled");
        }
        Runnable[] tasks = new Runnable[chunks];
        for (int c = 0; c < chunks; c++) {
            int from = c * CHUNK;
            int to = Math.min(n, from + CHUNK);
            tasks[c] =
                    () -> {
                        if (cancelled.get()) {
                            return;
                        }
                        for (int i = from; i < to; i++) {
                            if (rows.get(i) instanceof ManifestEntry e) {
                                checked[i] = EntryCheck.of(e, root, alphabet);
                            }
                        }
                        long d = done.addAndGet(to - from);
                        if (!progress.report(d, n)) {
                            cancelled.set(true);
                        }
                    };
        }
        runAll(tasks);
        if (cancelled.get()) {
            throw new CancellationException("import cancelled");
        }
        return assemble(format, source, root, rows, checked);
    }

    private static void runAll(Runnable[] tasks) {
        int threads =
                Math.min(MAX_THREADS, Math.max(2, Runtime.getRuntime().availableProcessors() * 2));
        if (tasks.length <= 1) {
            for (Runnable t : tasks) {
                t.run();
            }
            return;
        }
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        Math.min(threads, tasks.length),
                        r -> {
                            Thread t = new Thread(r, "dataset-check");
                            t.setDaemon(true);
                            return t;
                        });
        try {
            List<Future<?>> futures = new ArrayList<>(tasks.length);
            for (Runnable t : tasks) {
                futures.add(pool.submit(t));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("import interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static ImportOutcome assemble(
            DatasetFormat format,
            Path source,
            Path root,
            List<SourceRow> rows,
            EntryCheck[] checked) {
        List<Utterance> utterances = new ArrayList<>(rows.size());
        List<ImportProblem> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>(rows.size() * 2);
        for (int i = 0; i < rows.size(); i++) {
            SourceRow row = rows.get(i);
            if (row instanceof RowProblem p) {
                problems.add(p.problem());
                continue;
            }
            ManifestEntry e = (ManifestEntry) row;
            EntryCheck c = checked[i];
            if (c.utterance() != null && !ids.add(c.utterance().id())) {
                problems.add(
                        Problems.problem(
                                e,
                                ProblemKind.DUPLICATE_ID,
                                "utterance id '"
                                        + e.id()
                                        + "' was already used by an earlier entry; this one is left"
                                        + " out",
                                "give each utterance its own id (or its own audio file name) or"
                                        + " remove the duplicate"));
                continue;
            }
            problems.addAll(c.problems());
            if (c.utterance() != null) {
                utterances.add(c.utterance());
            }
        }
        return new ImportOutcome(format, source, root, utterances, problems);
    }
}
