package io.asrwb.engine.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Lets the sound tests run both ways instead of skipping whichever case the machine is not. The
 * build runs the tests tagged {@value #NO_DEVICE_TAG} a second time with sound devices hidden
 * (surefire execution {@code no-sound-device}: {@code PULSE_SERVER} points nowhere, so ALSA's
 * PulseAudio default opens nothing, and {@code ASRWB_TEST_SOUND=hidden}). {@code .ci/run} sets
 * {@code ASRWB_TEST_SOUND_STRICT=1} once its PulseAudio is up: a case that should run and cannot
 * then fails instead of skipping. Without it (a developer's machine) a test skips the case the
 * machine cannot show, with the reason.
 */
public final class SoundDevices {

    /** JUnit tag of the tests of the no-device path. */
    public static final String NO_DEVICE_TAG = "no-sound-device";

    private SoundDevices() {}

    /** For a test of the path without a device: runs where {@code what} is not available. */
    public static void requireNone(boolean available, String what) {
        if (!hidden()) {
            assumeFalse(
                    available,
                    "this run has " + what + "; the no-sound-device execution runs this test");
            return;
        }
        if (strict()) {
            assertThat(available)
                    .as(what + " is visible although PULSE_SERVER points nowhere: a sound card?")
                    .isFalse();
        }
        assumeFalse(available, what + " is visible although the devices are hidden");
    }

    /** For a test that needs a device: runs where {@code what} is available. */
    public static void requireSome(boolean available, String what) {
        assumeFalse(hidden(), "sound devices are hidden in this execution");
        if (strict()) {
            assertThat(available)
                    .as("no " + what + " although .ci/run set up PulseAudio (pulse-null-sink.sh)")
                    .isTrue();
        }
        assumeTrue(available, "no " + what + " on this machine");
    }

    private static boolean hidden() {
        return "hidden".equals(System.getenv("ASRWB_TEST_SOUND"));
    }

    private static boolean strict() {
        return "1".equals(System.getenv("ASRWB_TEST_SOUND_STRICT"));
    }
}
