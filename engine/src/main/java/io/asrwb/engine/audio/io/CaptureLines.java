package io.asrwb.engine.audio.io;

import io.asrwb.engine.audio.AudioFiles;
import java.util.ArrayList;
import java.util.List;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.TargetDataLine;

/**
 * Finds and opens the default microphone's line: 16 kHz mono 16-bit when the device offers it,
 * else the first of 48, 44.1, 32 and 22.05 kHz, mono or stereo.
 */
final class CaptureLines {

    private static final float[] FALLBACK_RATES = {48_000f, 44_100f, 32_000f, 22_050f};

    private CaptureLines() {}

    /** True when Java Sound offers a capture line in one of our formats. */
    static boolean available() {
        try {
            return candidateFormats().stream()
                    .anyMatch(
                            f ->
                                    AudioSystem.isLineSupported(
                                            new DataLine.Info(TargetDataLine.class, f)));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static List<AudioFormat> candidateFormats() {
        List<AudioFormat> formats = new ArrayList<>();
        formats.add(new AudioFormat(AudioFiles.MODEL_RATE, 16, 1, true, false));
        for (float rate : FALLBACK_RATES) {
            formats.add(new AudioFormat(rate, 16, 1, true, false));
            formats.add(new AudioFormat(rate, 16, 2, true, false));
        }
        return formats;
    }

    /**
     * Opens (not starts) the first line in one of our formats.
     *
     * @throws NoAudioDeviceException when there is none
     */
    static TargetDataLine open() {
        Exception last = null;
        for (AudioFormat f : candidateFormats()) {
            try {
                DataLine.Info info = new DataLine.Info(TargetDataLine.class, f);
                if (!AudioSystem.isLineSupported(info)) {
                    continue;
                }
                TargetDataLine line = (TargetDataLine) AudioSystem.getLine(info);
                // half a second of buffer: the reader drains it every 50 ms, so nothing is lost
                line.open(f, Math.round(f.getSampleRate() / 2) * f.getFrameSize());
                return line;
            } catch (LineUnavailableException | IllegalArgumentException | SecurityException e) {
                last = e;
            }
        }
        String why = last == null ? "Java Sound lists no capture line" : last.getMessage();
        throw new NoAudioDeviceException(MicrophoneCapture.NO_MICROPHONE + " (" + why + ")", last);
    }
}
