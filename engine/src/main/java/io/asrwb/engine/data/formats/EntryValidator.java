package io.asrwb.engine.data.formats;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioInfo;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
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
 * <p>Header probing is file I/O, so entries are checked in chunks on a small bounded pool; the
 * outcome is assembled afterwards in source order, so results do not depend on scheduling.
 */
public final class EntryValidator {

    /** Largest accepted gap between a stated duration and the audio header's. */
    public static final double DURATION_TOLERANCE_S = 0.1;

    private static final int CHUNK = 256;

    /** I/O bound work: more threads than cores helps on disks with queue depth, but stay bounded. */
    private static final int MAX_THREADS = 8;

    private EntryValidator() {}

    /** What checking one entry gave: the utterance (null when rejected) and its problems. */
    private record Checked(Utterance utterance, List<ImportProblem> problems) {}

    public static ImportOutcome validate(
            DatasetFormat format,
            Path source,
            ParsedSource parsed,
            Alphabet alphabet,
            ImportProgress progress) {
        List<SourceRow> rows = parsed.rows();
        Path root = parsed.root();
        int n = rows.size();
        Checked[] checked = new Checked[n];
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
                                checked[i] = check(e, root, alphabet);
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
            DatasetFormat format, Path source, Path root, List<SourceRow> rows, Checked[] checked) {
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
            Checked c = checked[i];
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

    /** All the per-entry checks; the first fatal one wins, so each rejected entry has one reason. */
    static Checked check(ManifestEntry e, Path root, Alphabet alphabet) {
        Path audio = e.audioPath();
        if (!audio.startsWith(root)) {
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.PATH_ESCAPES_ROOT,
                            "audio path '"
                                    + e.audio()
                                    + "' points outside the dataset folder "
                                    + root,
                            "move the audio under the dataset folder and use a path relative to it,"
                                    + " or import with that folder as the dataset root"));
        }
        String transcript = e.transcript();
        if (transcript == null && e.transcriptFile() != null) {
            String tf = e.line() == 0 ? e.transcriptFile().toString() : e.file();
            try {
                transcript = ManifestLines.readTranscriptFile(e.transcriptFile());
            } catch (NoSuchFileException ex) {
                return rejected(
                        Problems.problemAt(
                                tf,
                                e.line(),
                                ProblemKind.MISSING_TRANSCRIPT,
                                "transcript file " + e.transcriptFile() + " does not exist",
                                "write the transcript into that file or remove the entry"));
            } catch (IOException ex) {
                return rejected(
                        Problems.problemAt(
                                tf,
                                e.line(),
                                ProblemKind.MISSING_TRANSCRIPT,
                                "transcript file "
                                        + e.transcriptFile()
                                        + " cannot be read: "
                                        + ex.getMessage(),
                                "check the file's permissions or remove the entry"));
            }
            if (transcript.isBlank()) {
                return rejected(
                        Problems.problemAt(
                                tf,
                                e.line(),
                                ProblemKind.EMPTY_TRANSCRIPT,
                                "transcript file " + e.transcriptFile() + " is empty",
                                "write the transcript into the file or remove the entry"));
            }
        }
        if (transcript == null) {
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.MISSING_TRANSCRIPT,
                            "no transcript for '" + e.audio() + "'",
                            "add the transcript or remove the entry"));
        }
        if (transcript.isBlank()) {
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.EMPTY_TRANSCRIPT,
                            "transcript of '" + e.audio() + "' is empty",
                            "add the transcript or remove the entry"));
        }
        AudioInfo info;
        try {
            info = AudioFiles.probe(audio);
        } catch (AudioFileException ex) {
            if (ex.reason() != AudioFileException.Reason.MISSING
                    && !java.nio.file.Files.exists(audio)) {
                // Some probes judge the extension before opening the file; a missing file is the
                // real news.
                ex =
                        new AudioFileException(
                                audio,
                                AudioFileException.Reason.MISSING,
                                "audio file does not exist");
            }
            return rejected(audioProblem(e, ex));
        }
        if (info.durationSeconds() <= 0 || info.frames() == 0) {
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.ZERO_DURATION,
                            "audio " + audio + " has no samples (duration 0 s)",
                            "re-export the clip or remove the entry"));
        }
        double declared = e.declaredDuration();
        if (!Double.isNaN(declared)
                && Math.abs(declared - info.durationSeconds()) > DURATION_TOLERANCE_S) {
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.DURATION_MISMATCH,
                            String.format(
                                    java.util.Locale.ROOT,
                                    "stated duration %.3f s disagrees with the audio header's %.3f"
                                            + " s",
                                    declared,
                                    info.durationSeconds()),
                            "regenerate the manifest's durations from the audio, or check the line"
                                    + " points at the right file"));
        }
        String rel = SourcePaths.relative(root, audio);
        Utterance u =
                new Utterance(
                        e.id(), rel, info.durationSeconds(), transcript, e.speaker(), e.split());
        SortedSet<String> outside = alphabet.charactersOutsideAnyCase(transcript);
        if (outside.isEmpty()) {
            return new Checked(u, List.of());
        }
        ImportProblem warning =
                new ImportProblem(
                        e.line() == 0 && e.transcriptFile() != null
                                ? e.transcriptFile().toString()
                                : e.file(),
                        e.line(),
                        ProblemKind.CHARS_OUTSIDE_ALPHABET,
                        "transcript has characters outside the alphabet: "
                                + Alphabet.describe(outside)
                                + " (utterance kept)",
                        "normalise the transcript or extend the alphabet before training",
                        false);
        return new Checked(u, List.of(warning));
    }

    private static Checked rejected(ImportProblem p) {
        return new Checked(null, List.of(p));
    }

    private static ImportProblem audioProblem(ManifestEntry e, AudioFileException ex) {
        String where = "audio " + ex.file() + ": ";
        return switch (ex.reason()) {
            case MISSING ->
                    Problems.problem(
                            e,
                            ProblemKind.MISSING_FILE,
                            where + "file does not exist",
                            "copy the file there, correct the path, or remove the entry");
            case EMPTY ->
                    Problems.problem(
                            e,
                            ProblemKind.EMPTY_FILE,
                            where + ex.getMessage(),
                            "re-export the clip or remove the entry");
            case TRUNCATED ->
                    Problems.problem(
                            e,
                            ProblemKind.TRUNCATED_AUDIO,
                            where + ex.getMessage(),
                            "the file was cut short (interrupted copy or download?); copy it again"
                                    + " or remove the entry");
            case UNSUPPORTED_FORMAT, CORRUPT, IO_ERROR ->
                    Problems.problem(
                            e,
                            ProblemKind.UNREADABLE_AUDIO,
                            where + ex.getMessage(),
                            "convert the clip to 16-bit PCM WAV or FLAC, or remove the entry");
        };
    }
}
