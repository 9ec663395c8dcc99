package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.PulseAudio;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.audio.io.TakeMicrophone;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real capture line (PulseAudio's null sink monitor): the chunks a take's listener is given
 * are the whole take, the armed line's pre-roll first, so a streaming transcription fed by them
 * sees every sample the recording holds.
 */
@Tag("pulseaudio")
class TakeMicrophonePulseAudioTest {

    @TempDir Path tmp;

    @Test
    void anArmedTakesListenerIsGivenEverySampleOfTheTakePreRollFirst() throws Exception {
        PulseAudio.assumeRunning();
        // an idle null sink delivers nothing: a tone playing throughout fills the pre-roll
        float[] tone = new float[16_000 * 8];
        for (int i = 0; i < tone.length; i++) {
            tone[i] = (float) (0.3 * Math.sin(2 * Math.PI * 440 * i / 16_000.0));
        }
        Path wav = tmp.resolve("tone.wav");
        WavWriter.writePcm16(wav, tone, 16_000, 1);
        Thread player = new Thread(() -> PulseAudio.play(wav), "paplay");
        AtomicLong given = new AtomicLong();
        AtomicInteger rate = new AtomicInteger();
        AtomicInteger first = new AtomicInteger(-1);
        TakeMicrophone microphone =
                new TakeMicrophone(
                        (samples, sampleRate, dbfs) -> {
                            first.compareAndSet(-1, samples.length);
                            given.addAndGet(samples.length);
                            rate.set(sampleRate);
                        });
        try (microphone) {
            microphone.arm();
            player.start();
            Thread.sleep(2_500); // PulseAudio starts delivering, the pre-roll fills
            microphone.press();
            Thread.sleep(1_500);
            PcmAudio take = microphone.release().orElseThrow();
            Thread.sleep(200); // a chunk kept just before the end may still be on its way
            player.join();

            int preRoll = Math.round(rate.get() * MicrophoneCapture.PRE_ROLL_MILLIS / 1000f);
            assertThat(first.get()).as("the first chunk is the pre-roll").isEqualTo(preRoll);
            double givenSeconds = given.get() / (double) rate.get();
            assertThat(givenSeconds)
                    .as("seconds given to the listener vs the take's")
                    .isCloseTo(
                            take.durationSeconds(), org.assertj.core.api.Assertions.within(0.002));
        }
    }
}
