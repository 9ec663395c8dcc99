package io.asrwb.engine.segment;

import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.ForcedAligner;
import io.asrwb.engine.align.FrameClock;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A transcript of any length placed in a recording of any length, one window at a time
 * (docs/decisions/long-recordings.md). Each window of {@link #WINDOW_S} starts at the anchor, the
 * end of the last word placed with confidence; it is given the text that follows the anchor, more
 * than it can hold, and the CTC path places as much of it as the audio holds ({@link
 * ForcedAligner#alignPrefix}). The words up to the last confident one that ends before the
 * window's last {@link #TAIL_S} (where the path lacks the audio that follows) are kept, and the
 * next window starts where that word ends. A window where no word is confident is audio the text
 * does not speak of, or a place where the aligner lost the text: if the model's own words for the
 * window are found further on in the text ({@link Resync}), the text before them is reported and
 * skipped; otherwise the anchor moves on by the window's length less its tail and the text waits.
 * Memory is one window of audio, its log-probabilities and one trellis, and the placed words.
 */
final class AnchoredAligner {

    static final double WINDOW_S = 10;
    static final double TAIL_S = 2.5;

    /** A word this sure of itself may be an anchor; one below it is retried in the next window. */
    static final double ANCHOR_CONFIDENCE = 0.5;

    /** A word placed this surely may anchor a window that has no island. */
    static final double SURE_CONFIDENCE = 0.8;

    /** More characters a second than anyone speaks: the text a window is given. */
    private static final int MAX_CHARS_PER_SECOND = 40;

    /** The words placed (in the recording's time) and how many of the text's words they are. */
    record Placed(
            List<AlignedWord> words,
            List<RejectedSpan> unheard,
            int consumed,
            double fileSeconds) {}

    private final Transcriber transcriber;
    private final ForcedAligner aligner;

    AnchoredAligner(Transcriber transcriber) {
        this.transcriber = transcriber;
        this.aligner =
                new ForcedAligner(
                        transcriber.model().alphabet().ctcLabels(),
                        FrameClock.secondsPerOutputFrame(transcriber.model()));
    }

    /** Places {@code words} (normalised) in {@code file}; the words not placed are the rest. */
    Placed align(Path file, List<String> words, SegmentListener listener)
            throws AudioFileException {
        int rate = transcriber.sampleRate();
        int window = (int) Math.round(WINDOW_S * rate);
        List<AlignedWord> out = new ArrayList<>();
        List<RejectedSpan> unheard = new ArrayList<>();
        try (AudioStream stream = AudioFiles.stream(file, rate)) {
            double total = stream.length() < 0 ? -1 : (double) stream.length() / rate;
            AudioCursor cursor = new AudioCursor(stream);
            long anchor = 0;
            int next = 0;
            double end = 0;
            while (next < words.size()) {
                listener.checkCancelled();
                float[] samples = cursor.read(anchor, window);
                end = (anchor + samples.length) / (double) rate;
                if (samples.length < rate / 10) {
                    break;
                }
                boolean last = samples.length < window;
                Window w = place(samples, words, next);
                List<AlignedWord> placed = w.placed();
                double seconds = samples.length / (double) rate;
                int keep = last ? placed.size() - 1 : lastAnchor(w, seconds - TAIL_S);
                double offset = anchor / (double) rate;
                if (keep >= 0) {
                    double before = out.isEmpty() ? offset : out.get(out.size() - 1).endSec();
                    int run = -1;
                    for (int c = 0; c <= w.chunkIndex()[keep]; c++) {
                        if (w.unheard()[c] && run < 0) {
                            run = c;
                        }
                        if (!w.unheard()[c] && run >= 0) {
                            double after = offset + placedAt(w, c).startSec();
                            unheard.add(
                                    unheard(words.subList(next + run, next + c), before, after));
                            run = -1;
                        }
                        if (!w.unheard()[c]) {
                            before = offset + placedAt(w, c).endSec();
                        }
                    }
                    for (int i = 0; i <= keep; i++) {
                        AlignedWord a = placed.get(i);
                        out.add(
                                new AlignedWord(
                                        a.word(),
                                        offset + a.startSec(),
                                        offset + a.endSec(),
                                        a.confidence()));
                    }
                    next += w.chunkIndex()[keep] + 1;
                    anchor += Math.max(1, Math.round(placed.get(keep).endSec() * rate));
                } else if (Resync.find(w.heard(), words, next) > next) {
                    // the text lags the audio (audio skipped before, or text it does not say):
                    // the words up to where the model's words are found had no audio
                    int found = Resync.find(w.heard(), words, next);
                    unheard.add(lost(words.subList(next, found), offset));
                    next = found;
                    continue;
                } else if (last) {
                    break;
                } else {
                    anchor += Math.round((WINDOW_S - TAIL_S) * rate);
                }
                listener.progress("aligning", anchor / (double) rate, total);
            }
            if (next == words.size()) {
                // the rest of the file holds no text: read to its end for its length
                float[] rest = cursor.read(anchor, window);
                while (rest.length > 0) {
                    anchor += rest.length;
                    rest = cursor.read(anchor, window);
                }
                end = anchor / (double) rate;
            }
            listener.progress("aligning", end, total);
            return new Placed(out, unheard, next, end);
        }
    }

    /**
     * A window's alignment: the chunk of text it was given, which of its words the audio lacks, and
     * the placed words with the index in the chunk of each.
     */
    private record Window(
            List<AlignedWord> placed,
            boolean[] unheard,
            int[] chunkIndex,
            boolean[] island,
            List<String> heard) {}

    private Window place(float[] samples, List<String> words, int from) {
        int maxChars =
                (int) (samples.length / (double) transcriber.sampleRate() * MAX_CHARS_PER_SECOND);
        int to = from;
        int chars = 0;
        while (to < words.size()
                && (to == from || chars + 1 + words.get(to).length() <= maxChars)) {
            chars += words.get(to).length() + 1;
            to++;
        }
        List<String> chunk = words.subList(from, to);
        float[][] logProbs = transcriber.logProbabilities(List.of(samples)).get(0);
        String heard = transcriber.normaliser().normalise(transcriber.decode(logProbs));
        List<String> heardWords = heard.isBlank() ? List.of() : List.of(heard.split(" +"));
        UnheardText found = UnheardText.of(heardWords, chunk);
        boolean[] unheard = found.unheard();
        StringBuilder text = new StringBuilder();
        int[] index = new int[chunk.size()];
        int given = 0;
        for (int c = 0; c < chunk.size(); c++) {
            if (!unheard[c]) {
                text.append(text.length() == 0 ? "" : " ").append(chunk.get(c));
                index[given++] = c;
            }
        }
        List<AlignedWord> placed =
                aligner.alignPrefix(logProbs, text.toString(), samples, transcriber.sampleRate());
        int[] chunkIndex = java.util.Arrays.copyOf(index, placed.size());
        boolean[] island = new boolean[placed.size()];
        for (int i = 0; i < island.length; i++) {
            island[i] = found.island()[chunkIndex[i]];
        }
        return new Window(placed, unheard, chunkIndex, island, heardWords);
    }

    /** The placed word of chunk word {@code c} (one that was given to the aligner). */
    private static AlignedWord placedAt(Window w, int c) {
        for (int i = 0; i < w.chunkIndex().length; i++) {
            if (w.chunkIndex()[i] == c) {
                return w.placed().get(i);
            }
        }
        throw new IllegalStateException("chunk word " + c + " was not placed");
    }

    private static RejectedSpan lost(List<String> run, double at) {
        return new RejectedSpan(
                at,
                at,
                String.join(" ", run),
                run.size()
                        + " words of the transcript before the place the model's words are found"
                        + " at: no audio for them was found (skipped, or not in the recording)");
    }

    private static RejectedSpan unheard(List<String> run, double from, double to) {
        return new RejectedSpan(
                from,
                Math.max(from, to),
                String.join(" ", run),
                run.size()
                        + " words of the transcript the model does not hear here (it hears the"
                        + " words before and after them): text the recording does not say");
    }

    /**
     * The last placed word ending by {@code limit} that is sure enough to anchor on: heard by the
     * model as part of an island, and placed with confidence; where no word is, one the path
     * places with {@link #SURE_CONFIDENCE} (a window whose greedy text is poor throughout); -1
     * when there is none.
     */
    private static int lastAnchor(Window w, double limit) {
        int island = -1;
        int sure = -1;
        List<AlignedWord> placed = w.placed();
        for (int i = 0; i < placed.size() && placed.get(i).endSec() <= limit; i++) {
            double c = placed.get(i).confidence();
            island = w.island()[i] && c >= ANCHOR_CONFIDENCE ? i : island;
            sure = c >= SURE_CONFIDENCE ? i : sure;
        }
        return island >= 0 ? island : sure;
    }
}
