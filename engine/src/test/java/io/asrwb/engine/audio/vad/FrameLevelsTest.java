package io.asrwb.engine.audio.vad;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.audio.PcmAudio;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The levels read as a file streams give the spans the whole clip gives. */
class FrameLevelsTest {

    @Test
    void streamedLevelsGiveTheWholeClipsSpans() throws Exception {
        SpokenFile file = SpokenFile.build(40, 0.001, 0.1, 4);
        EnergyVad vad = EnergyVad.speechDefaults();
        List<Double> progress = new ArrayList<>();
        double[] db = FrameLevels.of(new ChunkedStream(file.audio(), 777), progress::add);

        assertThat(vad.speechSpans(db, file.audio().durationSeconds()))
                .isEqualTo(vad.speechSpans(file.audio()))
                .hasSizeGreaterThan(5);
        assertThat(progress).isSorted().last().isEqualTo(file.audio().durationSeconds());
    }

    /** A clip read {@code chunk} samples at a time, as a decoder would hand it over. */
    private static final class ChunkedStream implements AudioStream {
        private final PcmAudio audio;
        private final int chunk;
        private int at;

        ChunkedStream(PcmAudio audio, int chunk) {
            this.audio = audio;
            this.chunk = chunk;
        }

        @Override
        public int sampleRate() {
            return audio.sampleRate();
        }

        @Override
        public long length() {
            return audio.samples().length;
        }

        @Override
        public int read(float[] dst, int off, int len) {
            if (at == audio.samples().length) {
                return -1;
            }
            int n = Math.min(Math.min(len, chunk), audio.samples().length - at);
            System.arraycopy(audio.samples(), at, dst, off, n);
            at += n;
            return n;
        }

        @Override
        public void close() {}
    }
}
