package io.asrwb.engine.cli;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.segment.LongRecordingImport;
import io.asrwb.engine.segment.RejectedSpan;
import io.asrwb.engine.segment.SegmentException;
import io.asrwb.engine.segment.SegmentOptions;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset segment}: a long recording into utterances of a dataset. */
@Command(
        name = "segment",
        mixinStandardHelpOptions = true,
        description =
                "Cut a long recording into utterances of a dataset (created, or appended to when it"
                    + " exists): with --transcript the text is aligned and cut at word boundaries,"
                    + " badly aligned stretches rejected and listed; without, speech is cut at"
                    + " pauses and the model's transcripts imported as drafts to review.")
final class DatasetSegmentCommand implements Callable<Integer> {

    /** How long a Ctrl-C waits for the work to remove what it wrote. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(20);

    @Parameters(
            paramLabel = "LONG",
            description = "the recording (wav, flac, mp3, au, g722, ul, al)")
    Path recording;

    @Option(names = "--into", required = true, paramLabel = "DATASET", description = "dataset name")
    String dataset;

    @Option(
            names = "--transcript",
            paramLabel = "TEXT",
            description = "the recording's text (UTF-8)")
    Path transcript;

    @Mixin CheckpointOption model;

    @Option(
            names = "--max-seconds",
            defaultValue = "15",
            converter = Bounded.PositiveDouble.class,
            paramLabel = "N",
            description = "longest utterance (default: ${DEFAULT-VALUE})")
    double maxSeconds;

    @Option(
            names = "--min-confidence",
            defaultValue = "0.5",
            converter = Bounded.UnitInterval.class,
            paramLabel = "X",
            description =
                    "words aligned less surely are rejected (0..1, default: ${DEFAULT-VALUE})")
    double minConfidence;

    @Option(
            names = "--split",
            defaultValue = "train",
            paramLabel = "SPLIT",
            description = "train, val or test (default: ${DEFAULT-VALUE})")
    String split;

    @Option(names = "--speaker", defaultValue = "", paramLabel = "S", description = "speaker id")
    String speaker;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "folder for the segments (default: segments/DATASET in the data dir)")
    Path out;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        Split chosen = SplitOption.one(split);
        SegmentOptions options;
        try {
            options = new SegmentOptions(maxSeconds, minConfidence, chosen, speaker);
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(e.getMessage());
        }
        Path folder =
                out != null
                        ? out
                        : AppDirs.ofSystem().dataDir().resolve("segments").resolve(dataset);
        TrainedModel trained = model.load();
        Transcriber transcriber = decoding.transcriber(trained);
        SegmentProgress progress = new SegmentProgress(output, System::nanoTime);
        // Ctrl-C: the import stops at its next check, removes what it wrote and ends (130)
        try (StopOnSignal signals =
                        StopOnSignal.install("asrwb-stop-segment", progress::cancel, STOP_WAIT);
                Catalog catalog = main.openCatalog()) {
            LongRecordingImport.Result r =
                    new LongRecordingImport(
                                    catalog,
                                    transcriber,
                                    trained.checkpoint().toString(),
                                    Clock.systemUTC())
                            .run(
                                    new LongRecordingImport.Request(
                                            recording, transcript, dataset, folder, options),
                                    progress);
            report(output, r);
            return ExitCodes.OK;
        } catch (SegmentException e) {
            throw new CommandFailedException(e.getMessage());
        }
    }

    private static void report(CliOutput out, LongRecordingImport.Result r) {
        for (RejectedSpan s : r.rejected()) {
            out.human("rejected " + s.describe());
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("start_s", s.startSeconds());
            f.put("end_s", s.endSeconds());
            f.put("text", s.text());
            f.put("reason", s.reason());
            out.record("rejected", f);
        }
        out.human(
                String.format(
                        Locale.ROOT,
                        "%s %d utterances%s %s '%s' (manifest version %d), %d stretches rejected;"
                                + " segments in %s",
                        r.appended() ? "appended" : "imported",
                        r.segments(),
                        r.draft() ? " (draft labels, flagged for review)" : "",
                        r.appended() ? "to" : "into",
                        r.dataset(),
                        r.manifestVersion(),
                        r.rejected().size(),
                        r.folder()));
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("dataset", r.dataset());
        f.put("appended", r.appended());
        f.put("draft", r.draft());
        f.put("segments", r.segments());
        f.put("rejected", r.rejected().size());
        f.put("seconds", r.fileSeconds());
        f.put("manifestVersion", r.manifestVersion());
        f.put("folder", r.folder().toString());
        out.record("segment-summary", f);
    }
}
