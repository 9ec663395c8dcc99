package io.asrwb.app;

import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.testing.SoundDevices;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The sound server of the microphone end-to-end tests: PulseAudio with a null sink whose monitor is
 * the default source ({@code pulse-null-sink.sh}), so what {@code paplay} plays is what Java Sound
 * records. Where it is missing, the tests skip with the reason.
 */
public final class PulseAudio {

    private PulseAudio() {}

    /**
     * Skips the calling test unless PulseAudio runs and Java Sound can capture through it; fails
     * instead where {@code .ci/run} promised it ({@link SoundDevices#requireSome}).
     */
    public static void assumeRunning() {
        SoundDevices.requireSome(
                succeeds("pactl", "info"),
                "PulseAudio (app/src/test/resources/pulse-null-sink.sh sets it up)");
        SoundDevices.requireSome(
                succeeds("pactl", "list", "short", "sinks") && MicrophoneCapture.inputAvailable(),
                "capture line through PulseAudio");
    }

    /** Plays {@code wav} into the default sink; returns once it has played (true) or failed. */
    public static boolean play(Path wav) {
        return succeeds("paplay", wav.toString());
    }

    private static boolean succeeds(String... command) {
        try {
            Process p =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }
}
