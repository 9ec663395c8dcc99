package io.asrwb.engine.align;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.Resampler;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Aligns every utterance of a list with one model: audio decoded a batch at a time (shortest first,
 * so a batch pads little), one forward pass per batch, the reference and the model's hypothesis
 * each force-aligned, the batch handed to the listener before the next is read. Memory is one
 * batch of audio and log-probabilities plus one trellis, whatever the number of utterances.
 */
public final class SplitAligner {

    /** A batch also stops growing at this much audio, so a few long clips do not pad the rest. */
    private static final double MAX_BATCH_SECONDS = 240;

    private final Transcriber transcriber;
    private final ForcedAligner aligner;
    private final int batchSize;

    public SplitAligner(Transcriber transcriber, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be >= 1, got " + batchSize);
        }
        this.transcriber = transcriber;
        this.aligner =
                new ForcedAligner(
                        transcriber.model().alphabet().ctcLabels(),
                        FrameClock.secondsPerOutputFrame(transcriber.model()));
        this.batchSize = batchSize;
    }

    /** Seconds per output frame of the model (what the stored spans are multiples of). */
    public double frameSeconds() {
        return aligner.frameSeconds();
    }

    /**
     * Aligns {@code utterances} (audio paths absolute, transcripts normalised) and returns how many
     * were aligned before {@code cancelled} answered true (all of them when it never does).
     */
    public int run(List<Utterance> utterances, AlignListener listener, BooleanSupplier cancelled) {
        List<Utterance> order = new ArrayList<>(utterances);
        order.sort(Comparator.comparingDouble(Utterance::durationSeconds));
        int done = 0;
        int next = 0;
        listener.progress(0, order.size());
        while (next < order.size() && !cancelled.getAsBoolean()) {
            int end = next;
            double seconds = 0;
            while (end < order.size()
                    && end - next < batchSize
                    && (end == next
                            || seconds + order.get(end).durationSeconds() <= MAX_BATCH_SECONDS)) {
                seconds += order.get(end).durationSeconds();
                end++;
            }
            List<UtteranceAlignment> batch = alignBatch(order.subList(next, end));
            listener.aligned(batch);
            done += batch.size();
            next = end;
            listener.progress(done, order.size());
        }
        return done;
    }

    private List<UtteranceAlignment> alignBatch(List<Utterance> batch) {
        List<float[]> windows = new ArrayList<>(batch.size());
        List<String> unreadable = new ArrayList<>(batch.size());
        for (Utterance u : batch) {
            try {
                windows.add(samples(AudioFiles.loadNative(Path.of(u.audio()))));
                unreadable.add(null);
            } catch (AudioFileException e) {
                windows.add(new float[0]);
                unreadable.add(e.getMessage());
            }
        }
        List<float[][]> logProbs = transcriber.logProbabilities(windows);
        List<UtteranceAlignment> out = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            Utterance u = batch.get(i);
            float[][] lp = logProbs.get(i);
            if (unreadable.get(i) != null) {
                out.add(UtteranceAlignment.failed(u.id(), u.transcript(), unreadable.get(i)));
            } else if (lp.length == 0) {
                out.add(
                        UtteranceAlignment.failed(
                                u.id(), u.transcript(), "shorter than one analysis frame"));
            } else {
                String hypothesis = transcriber.decode(lp);
                float[] samples = windows.get(i);
                List<Pause> pauses = Pauses.of(samples, transcriber.sampleRate());
                double clipSec = samples.length / (double) transcriber.sampleRate();
                out.add(
                        new UtteranceAlignment(
                                u.id(),
                                u.transcript(),
                                hypothesis,
                                ForcedAligner.snapped(
                                        aligner.align(lp, u.transcript()), pauses, clipSec),
                                ForcedAligner.snapped(
                                        aligner.align(lp, hypothesis), pauses, clipSec)));
            }
        }
        return out;
    }

    private float[] samples(PcmAudio audio) {
        int rate = transcriber.sampleRate();
        return audio.sampleRate() == rate
                ? audio.samples()
                : new Resampler(audio.sampleRate(), rate).process(audio.samples());
    }
}
