package io.asrwb.engine.data.augment;

import static io.asrwb.engine.data.augment.DebianSounds.BIG_HALL;
import static io.asrwb.engine.data.augment.DebianSounds.DISH;
import static io.asrwb.engine.data.augment.DebianSounds.STAIRWELL;
import static io.asrwb.engine.data.augment.DebianSounds.STREET;
import static io.asrwb.engine.data.augment.DebianSounds.folderOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Measured room responses from Debian packages, loaded and convolved with speech. */
class RecordedRoomsTest {

    private static final int RATE = 16_000;

    @TempDir Path tmp;

    /** 20 ms of noise at 0.5 s in 4 s of silence: the room's decay is all that follows it. */
    private static float[] burst() {
        float[] s = new float[4 * RATE];
        StableRandom r = StableRandom.of(3);
        for (int i = RATE / 2; i < RATE / 2 + RATE / 50; i++) {
            s[i] = (float) (0.5 * r.nextGaussian());
        }
        return s;
    }

    private static double energy(float[] s, int from, int to) {
        double e = 0;
        for (int i = from; i < to; i++) {
            e += (double) s[i] * s[i];
        }
        return e;
    }

    @Test
    void directPathIsTheFirstClearSoundNotTheLoudestReflection() throws IOException {
        RecordedRooms rooms =
                RecordedRooms.load(List.of(folderOf(tmp.resolve("stairs"), STAIRWELL, STREET)));
        for (float[] h : rooms.responses()) {
            int direct = RecordedRooms.directPath(h);
            float max = 0;
            int loudest = 0;
            for (int i = 0; i < h.length; i++) {
                if (Math.abs(h[i]) > max) {
                    max = Math.abs(h[i]);
                    loudest = i;
                }
            }
            // Both responses have a reflection louder than the direct sound, tens of ms later.
            assertThat(loudest - direct).isGreaterThan(RATE / 50);
            assertThat(Math.abs(h[direct])).isGreaterThan(0.1f * max);
        }
    }

    @Test
    void everyFormatLoadsAt16kHzMonoCutFourSecondsAfterTheDirectPath() throws IOException {
        RecordedRooms rooms =
                RecordedRooms.load(
                        List.of(folderOf(tmp.resolve("rooms"), BIG_HALL, STAIRWELL, STREET)));
        assertThat(rooms.names())
                .containsExactly("Stairwell.wav", "impulse_big_hall.wav", "street2-L.wav");
        // 24-bit mono and float 48 kHz keep their length; the 6.1 s stereo hall is cut at 4 s
        // after its peak.
        assertThat(rooms.responses().get(0).length).isCloseTo((int) (1.1755 * RATE), within(20));
        assertThat(rooms.responses().get(2).length).isCloseTo((int) (0.3885 * RATE), within(20));
        float[] hall = rooms.responses().get(1);
        assertThat(hall.length - rooms.directPaths()[1]).isEqualTo(4 * RATE);
    }

    @Test
    void aBurstInARecordedRoomKeepsItsOnsetAndTakesTheRoomsDecay() throws IOException {
        for (Path file : new Path[] {STAIRWELL, BIG_HALL, STREET}) {
            RecordedRooms room =
                    RecordedRooms.load(
                            List.of(folderOf(tmp.resolve(file.getFileName() + "-d"), file)));
            float[] h = room.responses().get(0);
            int peak = room.directPaths()[0];
            float[] dry = burst();
            float[] wet = room.apply(dry, StableRandom.of(1));
            assertThat(wet).hasSize(dry.length);
            assertThat(energy(wet, 0, wet.length))
                    .isCloseTo(
                            energy(dry, 0, dry.length), within(1e-3 * energy(dry, 0, dry.length)));
            // Aligned on the direct path: nothing comes out before the burst (the pre-delay is
            // gone).
            int start = RATE / 2;
            int end = start + RATE / 50;
            assertThat(energy(wet, 0, start - 16) / energy(wet, 0, wet.length)).isLessThan(1e-3);
            // A click lands the response's direct path on the click's own sample.
            float[] click = new float[start + h.length - peak];
            click[start] = 1;
            float[] heard = room.apply(click, StableRandom.of(1));
            assertThat(loudestNear(heard, start) - start)
                    .as("%s", file)
                    .isEqualTo(loudestNear(h, peak) - peak);
            // The tail: silence in the dry signal, the room's decay in the wet one, at the
            // response's own RT60 (Schroeder T20, burst and response measured the same way).
            assertThat(energy(dry, end, dry.length)).isZero();
            double tailDb =
                    10
                            * Math.log10(
                                    energy(wet, end + 800, wet.length)
                                            / energy(wet, 0, wet.length));
            assertThat(tailDb).as("tail energy of %s", file).isGreaterThan(-40);
            // The tail follows the room's decay: in 50 ms windows down to 40 dB below the first,
            // its energy is what Σ burst² · h² predicts, within 2 dB. (Not for csound's dish.wav:
            // a resonator, not a room, whose ringing makes the cross terms this drops count.)
            double[] expected = new double[wet.length];
            for (int t = start; t < wet.length; t++) {
                for (int tau = start; tau < end && tau <= t; tau++) {
                    int k = t - tau + peak;
                    if (k < h.length) {
                        expected[t] += (double) dry[tau] * dry[tau] * h[k] * h[k];
                    }
                }
            }
            double scale = energy(wet, 0, wet.length) / Arrays.stream(expected).sum();
            int window = RATE / 20;
            double first = 0;
            int compared = 0;
            for (int w = end; w + window <= wet.length; w += window) {
                double want = scale * Arrays.stream(expected, w, w + window).sum();
                first = first == 0 ? want : first;
                if (want < first * 1e-4) {
                    break;
                }
                double gotDb = 10 * Math.log10(energy(wet, w, w + window) / want);
                assertThat(gotDb)
                        .as("%s at %d ms", file, w * 1000 / RATE)
                        .isCloseTo(0, within(2.0));
                compared++;
            }
            assertThat(compared).as("windows compared in %s", file).isGreaterThan(3);
            // A click comes out as the response itself: the same RT60 (Schroeder T20).
            double roomRt60 =
                    ConditionsTest.schroederT20Rt60(Arrays.copyOfRange(h, peak, h.length));
            double clickRt60 =
                    ConditionsTest.schroederT20Rt60(Arrays.copyOfRange(heard, start, heard.length));
            assertThat(clickRt60)
                    .as("RT60 of %s", file)
                    .isCloseTo(roomRt60, within(0.02 * roomRt60));
        }
    }

    private static int loudestNear(float[] s, int at) {
        int best = at;
        for (int i = Math.max(0, at - 40); i < Math.min(s.length, at + 40); i++) {
            if (Math.abs(s[i]) > Math.abs(s[best])) {
                best = i;
            }
        }
        return best;
    }

    @Test
    void aFolderWithNoAudioIsRefusedByName() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("no-rooms"));
        Files.writeString(empty.resolve("README.txt"), "impulse responses go here");
        assertThatThrownBy(() -> RecordedRooms.load(List.of(empty)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("augment.conditions.rir_dirs")
                .hasMessageContaining(empty.toString())
                .hasMessageContaining("no non-empty wav, flac or mp3");
        Path missing = tmp.resolve("not-there");
        assertThatThrownBy(() -> RecordedRooms.load(List.of(missing)))
                .hasMessageContaining("folder not found: " + missing);
    }

    @Test
    void anUnreadableFileIsNamed() throws IOException {
        Path dir = folderOf(tmp.resolve("rooms"), STAIRWELL);
        Path broken = dir.resolve("broken.wav");
        Files.write(
                broken, "RIFF....WAVEjunk".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> RecordedRooms.load(List.of(dir)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(broken.toString());
    }

    @Test
    void aFolderIsDecodedOnceWhileItsFilesStayTheSame() throws Exception {
        Path dir = folderOf(tmp.resolve("rooms"), STAIRWELL);
        RecordedRooms a = RecordedRooms.load(List.of(dir));
        RecordedRooms b = RecordedRooms.load(List.of(dir));
        assertThat(b.responses().get(0)).isSameAs(a.responses().get(0));
        Files.copy(DebianSounds.require(DISH), dir.resolve("dish.wav"));
        assertThat(RecordedRooms.load(List.of(dir)).names())
                .containsExactly("Stairwell.wav", "dish.wav");
        assertThat(AudioFiles.MODEL_RATE).isEqualTo(RATE);
    }
}
