package io.asrwb.engine.data.formats;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioInfo;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedSet;

/**
 * What checking one manifest entry gave: the utterance (null when rejected) and its problems. The
 * checks: a relative audio path stays under the dataset root (an absolute one may point anywhere:
 * it is stored as it is, and the audio checks below refuse what is not audio), the transcript is there (inline or in its
 * file), the audio header is readable and non-empty, the stated duration agrees with it, and the
 * transcript's characters are in the alphabet (a warning only).
 */
record EntryCheck(Utterance utterance, List<ImportProblem> problems) {

    /** Largest accepted gap between a stated duration and the audio header's. */
    static final double DURATION_TOLERANCE_S = 0.1;

    /** All the per-entry checks; the first fatal one wins, so each rejected entry has one reason. */
    static EntryCheck of(ManifestEntry e, Path root, Alphabet alphabet) {
        Path audio = e.audioPath();
        boolean inRoot = audio.startsWith(root);
        if (!inRoot && !SourcePaths.writtenAbsolute(e.audio())) {
            // A relative path that climbs out usually means the paths are relative to another
            // folder than the one they were resolved against.
            return rejected(
                    Problems.problem(
                            e,
                            ProblemKind.PATH_ESCAPES_ROOT,
                            "relative audio path '"
                                    + e.audio()
                                    + "' climbs out of the dataset folder "
                                    + root
                                    + " (it resolves to "
                                    + audio
                                    + ")",
                            "import with --root set to the folder the paths are relative to, or"
                                    + " write the path absolute"));
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
        // Under the root the path is kept relative, so the dataset folder can move as a whole.
        String rel = inRoot ? SourcePaths.relative(root, audio) : audio.toString();
        Utterance u =
                new Utterance(
                        e.id(),
                        rel,
                        info.durationSeconds(),
                        transcript,
                        e.speaker(),
                        e.split(),
                        e.meta());
        SortedSet<String> outside = alphabet.charactersOutsideAnyCase(transcript);
        if (outside.isEmpty()) {
            return new EntryCheck(u, List.of());
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
        return new EntryCheck(u, List.of(warning));
    }

    private static EntryCheck rejected(ImportProblem p) {
        return new EntryCheck(null, List.of(p));
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
