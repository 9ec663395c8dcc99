package io.asrwb.engine.segment;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;

/**
 * A long recording into utterances of a dataset (issue 15 item 5,
 * docs/decisions/long-recordings.md): with a transcript, the text aligned window by window
 * ({@link AnchoredAligner}) and cut at word boundaries ({@link UtteranceCutter}); without one,
 * speech found by energy ({@link VadSegmenter}) and labelled by the model as drafts. The segments
 * are written ({@link SegmentWriter}) and imported ({@link SegmentCatalog}) as a whole or not at
 * all: a failure or cancel removes what was written, and the catalog takes them in one transaction.
 */
public final class LongRecordingImport {

    /**
     * @param recording  the long audio file
     * @param transcript its text, or null to cut at pauses and draft the labels with the model
     * @param dataset    the dataset to create, or to append to when it exists
     * @param out        the folder the segments' folder is made in
     */
    public record Request(
            Path recording, Path transcript, String dataset, Path out, SegmentOptions options) {}

    /**
     * @param folder    where the segments and their manifest were written
     * @param appended  true when the dataset existed before
     * @param draft     true when the labels are the model's drafts
     */
    public record Result(
            String dataset,
            Path folder,
            boolean appended,
            boolean draft,
            int segments,
            double fileSeconds,
            int manifestVersion,
            List<RejectedSpan> rejected) {}

    private final Catalog catalog;
    private final Transcriber transcriber;
    private final String modelName;
    private final Clock clock;

    /** @param modelName how drafts name the model that wrote them */
    public LongRecordingImport(
            Catalog catalog, Transcriber transcriber, String modelName, Clock clock) {
        this.catalog = catalog;
        this.transcriber = transcriber;
        this.modelName = modelName;
        this.clock = clock;
    }

    /**
     * @throws SegmentException on bad input, with one line that says what to do
     * @throws CancellationException when the listener cancelled (nothing is left written)
     */
    public Result run(Request r, SegmentListener listener) throws IOException {
        checkReadable(r.recording());
        List<String> words =
                r.transcript() == null
                        ? null
                        : TranscriptWords.read(r.transcript(), transcriber.normaliser());
        SegmentCatalog target = new SegmentCatalog(catalog, clock);
        boolean appended = target.exists(r.dataset());
        if (!appended) {
            target.checkNewName(r.dataset());
        }
        SegmentPlan plan = plan(r, words, listener);
        SegmentFolder folder = SegmentFolder.in(r.out(), r.recording());
        boolean done = false;
        try {
            SegmentWriter.Written written =
                    new SegmentWriter(transcriber, r.options())
                            .write(r.recording(), plan, folder.partial(), folder.name(), listener);
            if (written.segments() == 0) {
                throw new SegmentException(
                        "the model heard no words in any speech of "
                                + r.recording()
                                + "; nothing to import (is it speech the model knows?)");
            }
            listener.checkCancelled();
            Path finished = folder.finish();
            int version =
                    target.store(
                            r.dataset(),
                            finished.resolve(SegmentWriter.MANIFEST),
                            folder.out(),
                            plan.draft(),
                            modelName);
            done = true;
            List<RejectedSpan> rejected = new ArrayList<>(plan.rejected());
            rejected.addAll(written.rejected());
            rejected.sort(java.util.Comparator.comparingDouble(RejectedSpan::startSeconds));
            return new Result(
                    r.dataset(),
                    finished,
                    appended,
                    plan.draft(),
                    written.segments(),
                    plan.fileSeconds(),
                    version,
                    rejected);
        } catch (AudioFileException e) {
            throw unreadable(r.recording(), e);
        } finally {
            if (!done) {
                folder.discard();
            }
        }
    }

    private SegmentPlan plan(Request r, List<String> words, SegmentListener listener) {
        try {
            if (words == null) {
                SegmentPlan plan =
                        new VadSegmenter(r.options().maxSeconds()).plan(r.recording(), listener);
                if (plan.cuts().isEmpty()) {
                    throw new SegmentException(
                            "found no speech in " + r.recording() + "; nothing to import");
                }
                return plan;
            }
            AnchoredAligner.Placed placed =
                    new AnchoredAligner(transcriber).align(r.recording(), words, listener);
            SegmentPlan plan = new UtteranceCutter(r.options()).cut(placed, words);
            if (plan.cuts().isEmpty()) {
                throw new SegmentException(
                        String.format(
                                Locale.ROOT,
                                "transcript %s does not align with %s: of its %d words, none"
                                        + " aligned with confidence %.2f or more; check that it"
                                        + " is this recording's text (or lower --min-confidence)",
                                r.transcript(),
                                r.recording(),
                                words.size(),
                                r.options().minConfidence()));
            }
            return plan;
        } catch (AudioFileException e) {
            throw unreadable(r.recording(), e);
        }
    }

    private static void checkReadable(Path recording) {
        if (!Files.isRegularFile(recording)) {
            throw new SegmentException(
                    "recording " + recording + " does not exist; check the path");
        }
        try {
            AudioFiles.probe(recording);
        } catch (AudioFileException e) {
            throw unreadable(recording, e);
        }
    }

    private static SegmentException unreadable(Path recording, AudioFileException e) {
        return new SegmentException(
                "cannot read the recording "
                        + recording
                        + ": "
                        + e.getMessage()
                        + " ("
                        + AudioFiles.FORMAT_NAMES
                        + " are read)",
                e);
    }
}
