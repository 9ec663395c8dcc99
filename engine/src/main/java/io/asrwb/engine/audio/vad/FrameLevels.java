package io.asrwb.engine.audio.vad;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioStream;
import java.util.Arrays;
import java.util.function.DoubleConsumer;

/**
 * The level (dBFS) of every {@link EnergyVad#FRAME_SECONDS} frame every {@link
 * EnergyVad#HOP_SECONDS} of a stream, the same numbers {@link EnergyVad} computes on a whole clip,
 * read a chunk at a time: an hour of audio keeps 360 000 levels (3 MB), not its samples.
 */
public final class FrameLevels {

    private FrameLevels() {}

    /**
     * @param progress told the seconds read so far, about once a second of audio
     */
    public static double[] of(AudioStream stream, DoubleConsumer progress)
            throws AudioFileException {
        int rate = stream.sampleRate();
        int frame = (int) Math.round(EnergyVad.FRAME_SECONDS * rate);
        int hop = (int) Math.round(EnergyVad.HOP_SECONDS * rate);
        float[] buf = new float[Math.max(frame, rate)];
        double[] db = new double[1024];
        int frames = 0;
        int filled = 0;
        long read = 0;
        int r;
        while ((r = stream.read(buf, filled, buf.length - filled)) >= 0) {
            filled += r;
            read += r;
            int from = 0;
            while (from + frame <= filled) {
                if (frames == db.length) {
                    db = Arrays.copyOf(db, frames * 2);
                }
                db[frames++] = EnergyVad.levelDb(buf, from, frame);
                from += hop;
            }
            System.arraycopy(buf, from, buf, 0, filled - from);
            filled -= from;
            progress.accept((double) read / rate);
        }
        return Arrays.copyOf(db, frames);
    }
}
