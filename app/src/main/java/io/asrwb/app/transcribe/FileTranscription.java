package io.asrwb.app.transcribe;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioInfo;
import io.asrwb.engine.transcribe.LongAudioTranscriber;
import io.asrwb.engine.transcribe.LongTranscript;
import io.asrwb.engine.transcribe.Segment;
import io.asrwb.engine.transcribe.TranscriptionSink;
import io.asrwb.engine.transcribe.Windowing;
import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * An audio file of any length transcribed off the FX thread. A file no longer than one window is
 * a {@link ClipTranscription} (its log-probabilities kept for the sliders); a longer one is
 * streamed in windows, each segment shown as soon as it is decoded, with progress and cancel.
 */
final class FileTranscription {

    private final TranscribeTasks tasks;
    private final TranscriberCache transcribers;
    private final DecoderControls decoding;
    private final TranscriptState state;
    private final ClipTranscription clips;
    private final Executor ui;

    /**
     * @param ui runs the segments' updates on the UI thread
     */
    FileTranscription(
            TranscribeTasks tasks,
            TranscriberCache transcribers,
            DecoderControls decoding,
            TranscriptState state,
            ClipTranscription clips,
            Executor ui) {
        this.tasks = tasks;
        this.transcribers = transcribers;
        this.decoding = decoding;
        this.state = state;
        this.clips = clips;
        this.ui = ui;
    }

    void transcribe(Path file, ModelChoice chosen) {
        long started = System.nanoTime();
        String name = file.getFileName().toString();
        state.segments.clear();
        if (!longerThanWhole(file)) {
            // kept log-probabilities: a decoder setting moved later re-decodes without a forward
            // pass
            clips.run(
                    "Transcribing " + name,
                    chosen,
                    started,
                    name,
                    t -> ClipTranscription.Heard.acoustic(t.logProbabilities(file)));
            return;
        }
        DecoderControls.Snapshot settings = decoding.snapshot();
        clips.forget(); // the sliders cannot re-decode a long file: it is not kept
        state.transcript.set("");
        state.progress.set(0);
        state.begin("Transcribing " + name);
        tasks.run(
                "Transcribing " + name,
                ctx -> {
                    LongAudioTranscriber anyLength =
                            new LongAudioTranscriber(
                                    decoding.configured(
                                            transcribers.of(chosen.checkpoint()), settings));
                    return anyLength.transcribe(
                            file,
                            new TranscriptionSink() {
                                @Override
                                public void segment(Segment s) {
                                    ui.execute(() -> state.addSegment(s));
                                }

                                @Override
                                public void progress(double done, double total) {
                                    if (total > 0) {
                                        ctx.progress(
                                                Math.round(done * 10),
                                                Math.round(total * 10),
                                                name);
                                    }
                                }

                                @Override
                                public boolean cancelled() {
                                    return tasks.cancelled(ctx);
                                }
                            });
                },
                TaskCallbacks.<LongTranscript>of(
                                result -> {
                                    long ms = ClipTranscription.millisSince(started);
                                    state.busy.set(false);
                                    state.progress.set(-1);
                                    state.segments.setAll(result.segments());
                                    state.show(
                                            result.windows() > 1
                                                    ? TranscriptState.stamped(result.segments())
                                                    : result.text(),
                                            name,
                                            chosen.label(),
                                            settings.describe(),
                                            ms);
                                },
                                failure -> {
                                    state.progress.set(-1);
                                    state.fail(failure);
                                })
                        .whenCancelled(
                                () -> {
                                    state.busy.set(false);
                                    state.progress.set(-1);
                                    state.status.set(
                                            "Cancelled: "
                                                    + state.segments.size()
                                                    + " segment(s) of "
                                                    + name
                                                    + " shown");
                                })
                        .withProgress(
                                (fraction, message) -> {
                                    if (state.busy.get() && fraction >= 0) {
                                        state.progress.set(fraction);
                                    }
                                }));
    }

    /**
     * Whether {@code file} is longer than what is transcribed whole (as its header says, or
     * estimates): such a file goes through windows, with segments, progress and cancel.
     */
    private static boolean longerThanWhole(Path file) {
        try {
            AudioInfo info = AudioFiles.probe(file);
            return info.durationSeconds() > Windowing.DEFAULT.wholeSeconds();
        } catch (AudioFileException e) {
            return false; // the short path reports the problem the usual way
        }
    }
}
