package io.asrwb.engine.audio.io;

import io.asrwb.engine.audio.PcmAudio;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.SourceDataLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays mono audio on the default output through Java Sound, one clip at a time, from any
 * sample, reporting the position as it goes. Writing happens on a daemon thread; listeners are
 * called there, so a UI hands the values to its own thread.
 */
public final class AudioPlayer implements AutoCloseable {

    /** Told where playback is (in samples of the clip) and when it ends. Called on the player's thread. */
    public interface Listener {
        void position(long sample);

        /** @param stopped true when {@link #stop} ended it, false when the clip played to its end */
        void finished(long sample, boolean stopped);
    }

    private static final Logger LOG = LoggerFactory.getLogger(AudioPlayer.class);

    /** Samples per write: about 20 ms at 16 kHz, so the reported position moves smoothly. */
    private static final int CHUNK = 320;

    private Playback current;

    /**
     * Starts playing {@code audio} from {@code fromSample}, stopping whatever played before.
     *
     * @throws NoAudioDeviceException when the system has no output line for 16-bit mono at the clip's rate
     */
    public synchronized void play(PcmAudio audio, long fromSample, Listener listener) {
        stop();
        SourceDataLine line = openLine(audio.sampleRate());
        long from = Math.max(0, Math.min(fromSample, audio.samples().length));
        current = new Playback(line, audio.samples(), from, listener);
        Thread t = new Thread(current, "asrwb-audio-player");
        t.setDaemon(true);
        t.start();
    }

    /** Stops at once (no drain); does nothing when idle. */
    public synchronized void stop() {
        if (current != null) {
            current.stop();
            current = null;
        }
    }

    public synchronized boolean isPlaying() {
        return current != null && !current.done;
    }

    @Override
    public void close() {
        stop();
    }

    /** True when Java Sound offers an output line for 16-bit mono at {@code sampleRate}. */
    public static boolean outputAvailable(int sampleRate) {
        try {
            return AudioSystem.isLineSupported(
                    new javax.sound.sampled.DataLine.Info(
                            SourceDataLine.class, format(sampleRate)));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static AudioFormat format(int sampleRate) {
        return new AudioFormat(sampleRate, 16, 1, true, false);
    }

    private static SourceDataLine openLine(int sampleRate) {
        AudioFormat f = format(sampleRate);
        try {
            SourceDataLine line = AudioSystem.getSourceDataLine(f);
            line.open(f, sampleRate / 5 * 2); // 200 ms buffer: short enough for a responsive stop
            line.start();
            return line;
        } catch (LineUnavailableException | IllegalArgumentException | SecurityException e) {
            throw new NoAudioDeviceException(
                    "No audio output device: Java Sound has no output line for "
                            + sampleRate
                            + " Hz 16-bit mono ("
                            + e.getMessage()
                            + "). Connect speakers or headphones, or start"
                            + " a sound server such as PulseAudio, then press Play again",
                    e);
        }
    }

    /** One clip being written to a line. */
    private static final class Playback implements Runnable {
        private final SourceDataLine line;
        private final float[] samples;
        private final long from;
        private final Listener listener;
        private volatile boolean stopped;
        private volatile boolean done;

        Playback(SourceDataLine line, float[] samples, long from, Listener listener) {
            this.line = line;
            this.samples = samples;
            this.from = from;
            this.listener = listener;
        }

        @Override
        public void run() {
            byte[] buf = new byte[CHUNK * 2];
            long next = from;
            try {
                while (!stopped && next < samples.length) {
                    int n = (int) Math.min(CHUNK, samples.length - next);
                    for (int i = 0; i < n; i++) {
                        float v = Math.max(-1f, Math.min(1f, samples[(int) next + i]));
                        int s = Math.round(v * 32767f);
                        buf[2 * i] = (byte) s;
                        buf[2 * i + 1] = (byte) (s >> 8);
                    }
                    line.write(buf, 0, 2 * n);
                    next += n;
                    listener.position(playedUpTo());
                }
                if (!stopped) {
                    line.drain();
                }
            } catch (RuntimeException e) {
                LOG.warn("audio playback failed at sample {}: {}", playedUpTo(), e.toString());
            } finally {
                long end = stopped ? playedUpTo() : samples.length;
                line.close();
                done = true;
                listener.finished(end, stopped);
            }
        }

        private long playedUpTo() {
            return Math.min(samples.length, from + line.getLongFramePosition());
        }

        void stop() {
            stopped = true;
            line.stop();
            line.flush();
        }
    }
}
