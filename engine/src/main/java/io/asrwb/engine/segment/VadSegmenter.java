package io.asrwb.engine.segment;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.audio.vad.EnergyVad;
import io.asrwb.engine.audio.vad.FrameLevels;
import io.asrwb.engine.audio.vad.SpeechSpan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A recording with no transcript into pieces of speech: {@link EnergyVad}'s spans
 * (docs/decisions/speech-detection.md) from frame levels read as the file streams, a span longer
 * than the limit split at its quietest frame (at least {@link #MIN_PIECE_S} from either end) until
 * every piece fits. The texts come later, from the model, as drafts.
 */
final class VadSegmenter {

    static final double MIN_PIECE_S = 0.5;

    private final EnergyVad vad = EnergyVad.speechDefaults();
    private final double maxSeconds;

    VadSegmenter(double maxSeconds) {
        this.maxSeconds = maxSeconds;
    }

    SegmentPlan plan(Path file, SegmentListener listener) throws AudioFileException {
        double[] db;
        double total;
        try (AudioStream stream = AudioFiles.stream(file, AudioFiles.MODEL_RATE)) {
            total = stream.length() < 0 ? -1 : (double) stream.length() / stream.sampleRate();
            db =
                    FrameLevels.of(
                            stream,
                            done -> {
                                listener.checkCancelled();
                                listener.progress("detecting speech", done, total);
                            });
        }
        double seconds = total >= 0 ? total : db.length * EnergyVad.HOP_SECONDS;
        List<Cut> cuts = new ArrayList<>();
        for (SpeechSpan s : vad.speechSpans(db, seconds)) {
            split(db, s.startSeconds(), s.endSeconds(), cuts);
        }
        return new SegmentPlan(cuts, List.of(), seconds, true);
    }

    private void split(double[] db, double start, double end, List<Cut> out) {
        if (end - start <= maxSeconds) {
            out.add(new Cut(start, end, "", Double.NaN));
            return;
        }
        int from = (int) Math.ceil((start + MIN_PIECE_S) / EnergyVad.HOP_SECONDS);
        int to = (int) Math.floor((end - MIN_PIECE_S) / EnergyVad.HOP_SECONDS);
        int quietest = from;
        for (int f = from; f <= to && f < db.length; f++) {
            quietest = db[f] < db[quietest] ? f : quietest;
        }
        // the middle of the quietest frame
        double at = quietest * EnergyVad.HOP_SECONDS + EnergyVad.FRAME_SECONDS / 2;
        split(db, start, at, out);
        split(db, at, end, out);
    }
}
