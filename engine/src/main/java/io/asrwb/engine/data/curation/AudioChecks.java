package io.asrwb.engine.data.curation;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Checks that need the samples: clipping, leading/trailing silence, RMS level and a content hash
 * for exact-duplicate detection. Runs on the file's own rate (no resampling, whose ringing would
 * move peaks across the clip level).
 */
public final class AudioChecks {

    /** A sample at or beyond this magnitude counts as clipped (16-bit full scale is 0.99997). */
    public static final double CLIP_LEVEL = 0.999;

    /** Frames of this length are silent when their RMS is below {@link #SILENCE_DBFS}. */
    public static final double FRAME_SECONDS = 0.020;

    /** −40 dBFS (RMS 0.01): well under speech at normal recording levels, above typical room noise. */
    public static final double SILENCE_DBFS = -40.0;

    /** Level reported for digital silence, instead of −∞. */
    public static final double FLOOR_DBFS = -120.0;

    private AudioChecks() {}

    /** Decodes {@code file} and checks it; a file that cannot be decoded gives a failed result. */
    public static AudioCheckResult check(Path file) {
        try {
            return check(AudioFiles.loadNative(file));
        } catch (AudioFileException e) {
            return AudioCheckResult.failed(e.getMessage());
        }
    }

    public static AudioCheckResult check(PcmAudio audio) {
        float[] x = audio.samples();
        int rate = audio.sampleRate();
        long clipped = 0;
        double sumSq = 0;
        for (float s : x) {
            if (Math.abs(s) >= CLIP_LEVEL) {
                clipped++;
            }
            sumSq += (double) s * s;
        }
        int frame = Math.max(1, (int) Math.round(FRAME_SECONDS * rate));
        int frames = (x.length + frame - 1) / frame;
        double threshold = Math.pow(10, SILENCE_DBFS / 20);
        int first = 0;
        while (first < frames && frameRms(x, first, frame) < threshold) {
            first++;
        }
        int last = frames - 1;
        while (last >= first && frameRms(x, last, frame) < threshold) {
            last--;
        }
        double duration = (double) x.length / rate;
        double leading = Math.min(duration, (double) first * frame / rate);
        double trailing =
                first == frames
                        ? duration
                        : Math.max(
                                0,
                                duration - (double) Math.min(x.length, (last + 1) * frame) / rate);
        double rms = x.length == 0 ? 0 : Math.sqrt(sumSq / x.length);
        return new AudioCheckResult(
                x.length == 0 ? 0 : (double) clipped / x.length,
                leading,
                trailing,
                toDbfs(rms),
                hash(audio),
                null);
    }

    static double toDbfs(double rms) {
        return rms <= 0 ? FLOOR_DBFS : Math.max(FLOOR_DBFS, 20 * Math.log10(rms));
    }

    private static double frameRms(float[] x, int index, int frame) {
        int from = index * frame;
        int to = Math.min(x.length, from + frame);
        double s = 0;
        for (int i = from; i < to; i++) {
            s += (double) x[i] * x[i];
        }
        return Math.sqrt(s / (to - from));
    }

    private static String hash(PcmAudio audio) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            ByteBuffer b =
                    ByteBuffer.allocate(4 + 4 * audio.samples().length)
                            .order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(audio.sampleRate());
            for (float s : audio.samples()) {
                b.putFloat(s);
            }
            return HexFormat.of().formatHex(d.digest(b.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
