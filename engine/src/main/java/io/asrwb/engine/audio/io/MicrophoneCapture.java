package io.asrwb.engine.audio.io;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import java.io.ByteArrayOutputStream;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.TargetDataLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records from the default microphone through Java Sound: 16 kHz mono 16-bit when the device
 * offers it, else the first of 48, 44.1, 32 and 22.05 kHz (mono or stereo, mixed down) it
 * offers, resampled to 16 kHz when the recording stops. Reading happens on a daemon thread that
 * hands each chunk (about 50 ms) of a recording to a {@link Listener}.
 *
 * <p>Which line and format: {@link CaptureLines}; bytes to samples and levels: {@link
 * CaptureSamples}.
 *
 * <p>A line can be opened ahead ({@link #open}) and recordings taken from it with {@link #begin}
 * and {@link #end}: through ALSA's PulseAudio plugin the first samples arrive only about two
 * seconds after a line opens, so push-to-talk keeps the line open while its view is shown, and a
 * recording then starts with the last {@link #PRE_ROLL_MILLIS} ms before the press.
 */
public final class MicrophoneCapture implements AutoCloseable {

    /** Told about each chunk as it arrives. Called on the capture thread: a UI hands values to its own. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param samples    the chunk, mono, in [-1, 1], at {@code sampleRate} (the device's rate)
         * @param levelDbfs  RMS level of the chunk in dB relative to full scale; -120 for silence
         */
        void chunk(float[] samples, int sampleRate, double levelDbfs);
    }

    /** The user-facing start of the message when there is nothing to record from. */
    public static final String NO_MICROPHONE =
            "No microphone found: connect one or check the system's sound settings";

    /** What a chunk's level is when it is all zeros. */
    public static final double SILENCE_DBFS = CaptureSamples.SILENCE_DBFS;

    private static final Logger LOG = LoggerFactory.getLogger(MicrophoneCapture.class);
    private static final long JOIN_MILLIS = 2_000;

    /** Audio kept from just before {@link #begin}, so a word started with the press is whole. */
    public static final int PRE_ROLL_MILLIS = 300;

    /** How long {@link #end} waits for the chunk that holds the last sample before the release. */
    private static final long TAIL_MILLIS = 300;

    private final TargetDataLine line;
    private final AudioFormat format;
    private final Listener listener;
    private final ByteArrayOutputStream recorded = new ByteArrayOutputStream();
    private final Thread reader;
    private final byte[] preRoll;
    private int preRollFill; // guarded by recorded
    private float[] preRollForListener; // guarded by recorded; given before the next kept chunk
    private volatile boolean stopping;
    private volatile boolean keeping;
    private volatile long chunksRead;
    private PcmAudio result;

    private MicrophoneCapture(TargetDataLine line, Listener listener) {
        this.line = line;
        this.format = line.getFormat();
        this.listener = listener;
        int preRollFrames = Math.round(format.getSampleRate() * PRE_ROLL_MILLIS / 1000f);
        this.preRoll = new byte[preRollFrames * format.getFrameSize()];
        this.reader = new Thread(this::readUntilStopped, "asrwb-microphone");
        reader.setDaemon(true);
    }

    /**
     * Opens the default capture line and starts recording.
     *
     * @throws NoAudioDeviceException when the system has no capture line in any 16-bit PCM format we read
     */
    public static MicrophoneCapture start(Listener listener) {
        MicrophoneCapture capture = open(listener);
        capture.begin();
        return capture;
    }

    /**
     * Opens the default capture line and reads it without keeping anything (but the pre-roll) until
     * {@link #begin}; {@link #close} gives it back.
     *
     * @throws NoAudioDeviceException when the system has no capture line in any 16-bit PCM format we read
     */
    public static MicrophoneCapture open(Listener listener) {
        TargetDataLine line = CaptureLines.open();
        MicrophoneCapture capture = new MicrophoneCapture(line, listener);
        line.start();
        capture.reader.start();
        LOG.info("microphone open as {}", capture.format);
        return capture;
    }

    /**
     * Starts a recording on an open line, beginning with the pre-roll; does nothing while recording.
     * The listener is given the pre-roll as the recording's first chunk, so its chunks are the whole
     * recording, in order (streaming transcription needs every sample).
     */
    public void begin() {
        synchronized (recorded) {
            if (keeping) {
                return;
            }
            recorded.reset();
            recorded.write(preRoll, 0, preRollFill);
            preRollForListener =
                    preRollFill == 0 ? null : CaptureSamples.toMono(preRoll, preRollFill, format);
            preRollFill = 0;
            result = null;
            keeping = true;
        }
    }

    /**
     * Ends the recording begun by {@link #begin} and returns it, mono at 16 kHz; the line stays open
     * for the next one. Waits (briefly) for the chunk holding the samples up to now.
     */
    public PcmAudio end() {
        long target = chunksRead + 1;
        long deadline = System.nanoTime() + TAIL_MILLIS * 1_000_000;
        while (chunksRead < target && !stopping && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return takeRecording();
    }

    /** True when Java Sound offers a capture line in a format {@link #start} can use. */
    public static boolean inputAvailable() {
        return CaptureLines.available();
    }

    /**
     * Ends the recording (if any) and closes the line; returns the last recording, mono at 16 kHz
     * (empty when none was begun). Calling it again returns the same.
     */
    public synchronized PcmAudio stop() {
        if (!stopping) {
            stopping = true;
            line.stop(); // a blocked read returns what is buffered; the reader then leaves its loop
            try {
                reader.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            line.close();
            LOG.info("microphone closed");
        }
        return takeRecording();
    }

    @Override
    public void close() {
        stop();
    }

    private PcmAudio takeRecording() {
        synchronized (recorded) {
            if (keeping || result == null) {
                keeping = false;
                byte[] bytes = recorded.toByteArray();
                recorded.reset();
                PcmAudio native16 =
                        new PcmAudio(
                                CaptureSamples.toMono(bytes, bytes.length, format),
                                Math.round(format.getSampleRate()));
                result = AudioFiles.toModelRate(native16);
                LOG.info("recorded {} s", String.format("%.2f", result.durationSeconds()));
            }
            return result;
        }
    }

    // chunksRead has one writer (this capture thread) and readers that only compare: a plain
    // volatile increment is enough.
    @SuppressWarnings("NonAtomicVolatileUpdate")
    private void readUntilStopped() {
        int frameSize = format.getFrameSize();
        int framesPerChunk = Math.max(1, Math.round(format.getSampleRate() / 20));
        byte[] buf = new byte[framesPerChunk * frameSize];
        int rate = Math.round(format.getSampleRate());
        try {
            while (!stopping || line.available() >= frameSize) {
                int n = line.read(buf, 0, buf.length);
                if (n <= 0) {
                    if (stopping) {
                        break;
                    }
                    continue;
                }
                boolean kept;
                float[] first = null;
                synchronized (recorded) {
                    kept = keeping;
                    if (kept) {
                        recorded.write(buf, 0, n);
                        first = preRollForListener;
                        preRollForListener = null;
                    } else {
                        keepInPreRoll(buf, n);
                    }
                }
                if (first != null) {
                    give(first, rate);
                }
                if (kept) {
                    give(CaptureSamples.toMono(buf, n, format), rate);
                }
                // counted after the listener has it: end() returns once the last chunk was given
                chunksRead++;
            }
        } catch (RuntimeException e) {
            LOG.warn("microphone capture stopped early: {}", e.toString());
        }
    }

    private void give(float[] chunk, int rate) {
        try {
            listener.chunk(chunk, rate, CaptureSamples.levelDbfs(chunk));
        } catch (RuntimeException e) {
            LOG.warn("microphone listener failed: {}", e.toString());
        }
    }

    /** Keeps the newest {@code preRoll.length} bytes read while not recording. */
    private void keepInPreRoll(byte[] buf, int n) {
        if (n >= preRoll.length) {
            System.arraycopy(buf, n - preRoll.length, preRoll, 0, preRoll.length);
            preRollFill = preRoll.length;
            return;
        }
        int keep = Math.min(preRollFill, preRoll.length - n);
        System.arraycopy(preRoll, preRollFill - keep, preRoll, 0, keep);
        System.arraycopy(buf, 0, preRoll, keep, n);
        preRollFill = keep + n;
    }

    /** RMS level in dBFS (a full-scale sine reads about -3 dB). */
    public static double levelDbfs(float[] samples) {
        return CaptureSamples.levelDbfs(samples);
    }
}
