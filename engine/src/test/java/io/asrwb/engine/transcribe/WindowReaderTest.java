package io.asrwb.engine.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Overlapping windows over a stream: where they start, what they hold, where they stop. */
class WindowReaderTest {

    /** Sample i is i, delivered at most {@code piece} at a time. */
    private record Counting(int total, int piece, int[] pos) implements AudioStream {
        Counting(int total, int piece) {
            this(total, piece, new int[1]);
        }

        @Override
        public int sampleRate() {
            return 16_000;
        }

        @Override
        public long length() {
            return total;
        }

        @Override
        public int read(float[] dst, int off, int len) {
            int n = Math.min(Math.min(len, piece), total - pos[0]);
            if (n <= 0) {
                return -1;
            }
            for (int i = 0; i < n; i++) {
                dst[off + i] = pos[0]++;
            }
            return n;
        }

        @Override
        public void close() {}
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 1001, 1100, 1299, 1300, 1301, 2500})
    void windowsCoverTheStreamAndHoldItsSamples(int length) throws Exception {
        List<WindowReader.Window> windows = read(length, 500, 400, 77);
        assertThat(windows.get(0).start()).isZero();
        for (int k = 0; k < windows.size(); k++) {
            WindowReader.Window w = windows.get(k);
            assertThat(w.start()).isEqualTo(400L * k);
            for (int i = 0; i < w.samples().length; i++) {
                assertThat(w.samples()[i]).isEqualTo((float) w.start() + i);
            }
            boolean last = k == windows.size() - 1;
            assertThat(w.samples().length).isEqualTo(last ? (int) (length - w.start()) : 500);
        }
        WindowReader.Window last = windows.get(windows.size() - 1);
        assertThat(last.start() + last.samples().length).isEqualTo(length);
        // No window holds only what the one before it held.
        assertThat(last.start() + last.samples().length)
                .isGreaterThan(
                        windows.size() > 1 ? windows.get(windows.size() - 2).start() + 500 : 0);
    }

    @Test
    void aStreamOfExactlyOneWindowGivesOneWindow() throws Exception {
        assertThat(read(500, 500, 400, 1000)).hasSize(1);
    }

    private static List<WindowReader.Window> read(int length, int window, int hop, int piece)
            throws Exception {
        WindowReader reader = new WindowReader(new Counting(length, piece), window, hop);
        List<WindowReader.Window> out = new ArrayList<>();
        WindowReader.Window w;
        while ((w = reader.next()) != null) {
            out.add(w);
        }
        return out;
    }
}
