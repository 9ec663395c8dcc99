package io.asrwb.engine.transcribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.bench.LongAudioFile;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files through the bundled demo model: a short one exactly as before (the whole-file path), a
 * long one in windows whose segments tile it and whose words match the whole-file transcription's
 * (nothing said twice or lost at the seams), progress, cancel.
 */
class LongAudioTranscriberTest {

    private static final Path ASSETS = Path.of("../assets");
    private static final Path DEMO_CLIP =
            ASSETS.resolve("demo-corpus/audio/espeak-en-f2/espeak-en-f2-000.flac");

    private static Transcriber transcriber;
    @TempDir static Path dir;
    private static Path minute;

    @BeforeAll
    static void loadModel() throws Exception {
        transcriber = Transcriber.greedy(TrainedModel.load(ASSETS.resolve("demo-model")));
        minute = dir.resolve("minute.wav");
        LongAudioFile.write(minute, 60, ASSETS.resolve("demo-corpus/test.jsonl"), 0.4);
    }

    @Test
    void aShortFileGivesTheTextItAlwaysHad() throws Exception {
        List<Segment> seen = new ArrayList<>();
        LongTranscript t = new LongAudioTranscriber(transcriber).transcribe(DEMO_CLIP, seen::add);

        assertThat(t.text()).isEqualTo(transcriber.transcribe(DEMO_CLIP)).isNotEmpty();
        assertThat(t.windows()).isEqualTo(1);
        assertThat(seen).containsExactly(new Segment(0, t.durationSeconds(), t.text()));
        assertThat(t.durationSeconds()).isCloseTo(16782 / 16000.0, within(1e-9));
    }

    @Test
    void aLongFileInWindowsSaysWhatTheWholeFileSays() throws Exception {
        // The same minute, whole (one 70 s window) and in 8 s windows with 2 s overlap (9 seams).
        LongTranscript whole =
                new LongAudioTranscriber(transcriber, new Windowing(70, 2, 4))
                        .transcribe(minute, TranscriptionSink.NONE);
        List<Segment> seen = new ArrayList<>();
        List<Double> progress = new ArrayList<>();
        LongTranscript windowed =
                new LongAudioTranscriber(transcriber, new Windowing(8, 2, 3))
                        .transcribe(
                                minute,
                                new TranscriptionSink() {
                                    @Override
                                    public void segment(Segment s) {
                                        seen.add(s);
                                    }

                                    @Override
                                    public void progress(double done, double total) {
                                        assertThat(total).isEqualTo(60.0);
                                        progress.add(done);
                                    }
                                });

        assertThat(whole.windows()).isEqualTo(1);
        assertThat(windowed.windows()).isEqualTo(10);
        assertThat(windowed.segments()).isEqualTo(seen);
        assertThat(windowed.text())
                .isEqualTo(String.join(" ", seen.stream().map(Segment::text).toList()));
        assertThat(progress).isSorted().last().isEqualTo(60.0);
        for (int i = 1; i < seen.size(); i++) {
            assertThat(seen.get(i).startSeconds())
                    .isGreaterThanOrEqualTo(seen.get(i - 1).endSeconds());
        }
        assertThat(seen.get(seen.size() - 1).endSeconds()).isLessThanOrEqualTo(60.0);
        // A seam that said the overlap twice would add ~2 s of words per seam (9 seams: +25 %),
        // one that lost it as many fewer; context differs at the window edges, so a word or two
        // may.
        List<String> wholeWords = Arrays.asList(whole.text().split(" "));
        List<String> windowWords = Arrays.asList(windowed.text().split(" "));
        assertThat(windowWords.size())
                .isBetween(wholeWords.size() * 92 / 100, wholeWords.size() * 108 / 100);
        // The demo model spells words differently with different context, so compare characters.
        List<String> wholeChars = Arrays.asList(whole.text().split(""));
        long same = lcs(wholeChars, Arrays.asList(windowed.text().split("")));
        System.out.println(
                "long-audio seams: whole "
                        + wholeWords.size()
                        + " words, windowed "
                        + windowWords.size()
                        + ", characters in common "
                        + same
                        + " of "
                        + wholeChars.size());
        assertThat((double) same / wholeChars.size()).isGreaterThan(0.8);
    }

    @Test
    void aSampleRateOtherThanTheModelsIsResampledAsItStreams() throws Exception {
        float[] at44 =
                new io.asrwb.engine.audio.Resampler(16_000, 44_100)
                        .process(AudioFiles.load(minute).samples());
        Path wav44 = dir.resolve("minute-44k.wav");
        WavWriter.writePcm16(wav44, at44, 44_100, 1);
        LongTranscript t =
                new LongAudioTranscriber(transcriber, new Windowing(8, 2, 3))
                        .transcribe(wav44, TranscriptionSink.NONE);
        assertThat(t.durationSeconds()).isCloseTo(60, within(0.01));
        assertThat(t.windows()).isEqualTo(10);
        assertThat(t.text()).isNotBlank();
    }

    @Test
    void cancellingStopsBetweenBatches() {
        List<Segment> seen = new ArrayList<>();
        TranscriptionSink stopAfterFirst =
                new TranscriptionSink() {
                    @Override
                    public void segment(Segment s) {
                        seen.add(s);
                    }

                    @Override
                    public boolean cancelled() {
                        return !seen.isEmpty();
                    }
                };
        assertThatThrownBy(
                        () ->
                                new LongAudioTranscriber(transcriber, new Windowing(8, 2, 1))
                                        .transcribe(minute, stopAfterFirst))
                .isInstanceOf(CancellationException.class);
        assertThat(seen).hasSizeLessThan(3);
    }

    /** Length of the longest common subsequence of two lists. */
    private static long lcs(List<String> a, List<String> b) {
        int[][] m = new int[a.size() + 1][b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                m[i][j] =
                        a.get(i - 1).equals(b.get(j - 1))
                                ? m[i - 1][j - 1] + 1
                                : Math.max(m[i - 1][j], m[i][j - 1]);
            }
        }
        return m[a.size()][b.size()];
    }
}
