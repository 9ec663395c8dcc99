package io.asrwb.engine.transcribe;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.ResamplingStream;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.decode.Transcript;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * An audio file of any length to text in bounded memory. The file is decoded a chunk at a time
 * ({@link AudioFiles#stream}); one up to {@link Windowing#wholeSeconds()} is transcribed whole, exactly as {@link
 * Transcriber#transcribe(Path)} does (same samples, same text); a longer one is resampled as it
 * streams, cut into overlapping windows ({@link Windowing}), a batch of windows at a time goes
 * through the model, and the {@link SeamStitcher} joins their words into segments, which reach
 * the {@link TranscriptionSink} as soon as they are final. Memory is a batch of windows and the
 * text, whatever the file's length.
 */
public final class LongAudioTranscriber {

    private final Transcriber transcriber;
    private final Windowing windowing;

    public LongAudioTranscriber(Transcriber transcriber, Windowing windowing) {
        this.transcriber = transcriber;
        this.windowing = windowing;
    }

    public LongAudioTranscriber(Transcriber transcriber) {
        this(transcriber, Windowing.DEFAULT);
    }

    /**
     * Transcribes {@code file}, reporting segments to {@code sink} as they are final.
     *
     * @throws CancellationException when the sink asks to stop
     */
    public LongTranscript transcribe(Path file, TranscriptionSink sink) throws AudioFileException {
        try (AudioStream stream = AudioFiles.stream(file)) {
            int rate = stream.sampleRate();
            long total = stream.length();
            double totalSeconds = total < 0 ? -1 : (double) total / rate;
            // Read the whole-file limit's worth (and a sample more): if the file ends first it is
            // short.
            int shortLimit = (int) Math.ceil(windowing.wholeSeconds() * rate) + 1;
            float[] head =
                    new float[total >= 0 ? (int) Math.min(shortLimit, total + 1) : shortLimit];
            int n = 0;
            int r;
            while (n < head.length && (r = stream.read(head, n, head.length - n)) >= 0) {
                n += r;
            }
            if (n < shortLimit) {
                return whole(new PcmAudio(Arrays.copyOf(head, n), rate), sink);
            }
            AudioStream rest = new PrefixedStream(head, n, stream);
            AudioStream atModelRate =
                    rate == transcriber.sampleRate()
                            ? rest
                            : new ResamplingStream(rest, transcriber.sampleRate());
            return windowed(atModelRate, totalSeconds, sink);
        }
    }

    private LongTranscript whole(PcmAudio audio, TranscriptionSink sink) {
        checkCancelled(sink);
        String text = transcriber.transcribe(audio);
        double seconds = audio.durationSeconds();
        List<Segment> segments = new ArrayList<>();
        if (!text.isEmpty()) {
            Segment s = new Segment(0, seconds, text);
            segments.add(s);
            sink.segment(s);
        }
        sink.progress(seconds, seconds);
        return new LongTranscript(text, segments, seconds, 1);
    }

    private LongTranscript windowed(AudioStream stream, double totalSeconds, TranscriptionSink sink)
            throws AudioFileException {
        Decoder decoder = transcriber.decoder();
        int rate = stream.sampleRate();
        // Windows start on output-frame boundaries, so every window's frames line up with the
        // file's.
        int frameSamples = Math.max(1, (int) Math.round(decoder.frameSeconds() * rate));
        double frameSeconds = (double) frameSamples / rate;
        int length = frames(windowing.windowSeconds(), rate, frameSamples) * frameSamples;
        int hop = length - frames(windowing.overlapSeconds(), rate, frameSamples) * frameSamples;
        WindowReader reader = new WindowReader(stream, length, hop);
        List<Segment> segments = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        SeamStitcher stitcher =
                new SeamStitcher(
                        frameSeconds,
                        transcriber.normaliser()::normalise,
                        s -> {
                            if (!s.text().isEmpty()) {
                                segments.add(s);
                                text.append(text.length() == 0 ? "" : " ").append(s.text());
                                sink.segment(s);
                            }
                        });
        long samples = 0;
        int windows = 0;
        List<WindowReader.Window> batch = new ArrayList<>(windowing.batch());
        WindowReader.Window w;
        do {
            checkCancelled(sink);
            batch.clear();
            while (batch.size() < windowing.batch() && (w = reader.next()) != null) {
                batch.add(w);
            }
            List<float[][]> logProbs =
                    transcriber.logProbabilities(
                            batch.stream().map(WindowReader.Window::samples).toList());
            for (int i = 0; i < batch.size(); i++) {
                WindowReader.Window win = batch.get(i);
                float[][] rows = logProbs.get(i);
                Transcript t = decoder.decode(rows, rows.length);
                stitcher.add(win.start() / frameSamples, rows.length, t.words());
                samples = win.start() + win.samples().length;
                windows++;
            }
            sink.progress((double) samples / rate, totalSeconds);
        } while (batch.size() == windowing.batch());
        double seconds = (double) samples / rate;
        stitcher.finish(seconds);
        return new LongTranscript(text.toString(), segments, seconds, windows);
    }

    private static int frames(double seconds, int rate, int frameSamples) {
        return Math.max(1, (int) Math.round(seconds * rate / frameSamples));
    }

    private static void checkCancelled(TranscriptionSink sink) {
        if (sink.cancelled()) {
            throw new CancellationException("transcription cancelled");
        }
    }
}
