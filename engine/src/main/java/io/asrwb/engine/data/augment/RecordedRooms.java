package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Measured room impulse responses (a hall, a stairwell, a street), decoded once to 16 kHz mono;
 * a stereo response is the mean of its channels, as every file is. Speech is convolved with one
 * drawn per utterance.
 *
 * <p>The output is aligned on the response's direct path: the samples before it in a file are the
 * measurement's pre-delay (the loudspeaker-to-microphone flight time plus whatever silence the
 * file starts with), and keeping them would shift the words later by up to tens of milliseconds, so
 * the word times the alignment and word-span features use would no longer match the transcript's.
 * The direct path is not simply the largest sample: in the Debian stairwell a reflection 120 ms
 * later is 6 dB louder than it, and in the street response one 50 ms later. It is taken as the
 * largest sample in the {@link #DIRECT_WINDOW_MS} ms after the first sample within 20 dB of the
 * largest (the first sound that is clearly not the measurement's noise floor). The output keeps the dry signal's length (the tail past the
 * end is cut, as in {@link Reverb}) and its energy, so the level stage alone decides loudness.
 *
 * @param names     the responses' file names, sorted
 * @param responses   16 kHz samples, each cut {@link #MAX_SECONDS} after its direct path; never
 *                    modified
 * @param directPaths index of each response's direct path
 */
public record RecordedRooms(List<String> names, List<float[]> responses, int[] directPaths) {

    /** How far after the onset the direct path's peak is looked for (its sound's own spread). */
    public static final double DIRECT_WINDOW_MS = 2.5;

    /** Longer than the RT60 of a large hall; what follows is far below the speech. */
    public static final double MAX_SECONDS = 4;

    /** 30 minutes of responses (115 MB) is several thousand rooms. */
    public static final double MAX_TOTAL_SECONDS = 1800;

    public RecordedRooms {
        names = List.copyOf(names);
        responses = List.copyOf(responses);
        directPaths = directPaths.clone();
        if (responses.isEmpty()
                || names.size() != responses.size()
                || directPaths.length != names.size()) {
            throw new IllegalArgumentException(
                    "need at least one response, a name and a direct path each");
        }
    }

    /**
     * Every wav, flac and mp3 file under {@code dirs}.
     *
     * @throws IOException naming a folder that is missing or holds no audio, or a broken file
     */
    public static RecordedRooms load(List<Path> dirs) throws IOException {
        List<RecordedFolders.Clip> clips =
                RecordedFolders.load(
                        dirs, "augment.conditions.rir_dirs", MAX_SECONDS + 1, MAX_TOTAL_SECONDS);
        int n = clips.size();
        String[] names = new String[n];
        float[][] responses = new float[n][];
        int[] peaks = new int[n];
        for (int i = 0; i < n; i++) {
            float[] h = clips.get(i).samples();
            int peak = directPath(h);
            int end = (int) Math.min(h.length, peak + (long) (MAX_SECONDS * 16_000));
            names[i] = clips.get(i).name();
            responses[i] = end == h.length ? h : java.util.Arrays.copyOf(h, end);
            peaks[i] = peak;
        }
        return new RecordedRooms(List.of(names), List.of(responses), peaks);
    }

    static int directPath(float[] h) {
        float max = 0;
        for (float v : h) {
            max = Math.max(max, Math.abs(v));
        }
        int onset = 0;
        while (onset < h.length - 1 && Math.abs(h[onset]) < 0.1f * max) {
            onset++;
        }
        int at = onset;
        int end = Math.min(h.length, onset + (int) Math.round(DIRECT_WINDOW_MS * 16));
        for (int i = onset; i < end; i++) {
            if (Math.abs(h[i]) > Math.abs(h[at])) {
                at = i;
            }
        }
        return at;
    }

    /** {@code dry} in a room drawn from {@code random}; same length and energy. */
    float[] apply(float[] dry, StableRandom random) {
        int i = random.nextInt(responses.size());
        return convolve(dry, responses.get(i), directPaths[i]);
    }

    static float[] convolve(float[] dry, float[] h, int peak) {
        return Reverb.convolveKeepingEnergy(dry, h, peak);
    }
}
