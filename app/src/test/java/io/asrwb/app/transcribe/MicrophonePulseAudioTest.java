package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AudioMatch;
import io.asrwb.app.PulseAudio;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * End to end through a real sound server: PulseAudio with a null sink whose monitor is the
 * default source (set up by {@code pulse-null-sink.sh}), a speech WAV played into it with
 * {@code paplay} while push-to-talk records, then transcribed. Skipped where PulseAudio or
 * {@code paplay} is missing (a plain CI box, a laptop without the setup).
 */
@Tag("pulseaudio")
class MicrophonePulseAudioTest {

    private static final Logger LOG = LoggerFactory.getLogger(MicrophonePulseAudioTest.class);

    /** A probe showed the first samples reach Java Sound about 2 s after the line opens. */
    private static final long SETTLE_MILLIS = 2_500;

    @TempDir Path tmp;

    /**
     * armed: the line opened ahead, as the view does while shown, so speech right after the press is
     * kept; cold: the line opened by the press, which must then wait for PulseAudio to deliver.
     */
    @ParameterizedTest(name = "armed={0}")
    @ValueSource(booleans = {true, false})
    void pushToTalkRecordsWhatPaplayPlaysAndTranscribesIt(boolean armed) throws Exception {
        PulseAudio.assumeRunning();
        PcmAudio speech = AudioFiles.load(TinyRun.demoAudio());
        Path wav = tmp.resolve("speech.wav");
        WavWriter.writePcm16(wav, speech.samples(), speech.sampleRate(), 1);
        TinyRun run = TinyRun.get();

        try (Catalog catalog = Catalog.open(run.catalog)) {
            TranscribeViewModel vm =
                    new TranscribeViewModel(new CurrentThreadTaskRunner(), catalog, Runnable::run);
            vm.chooseFolder(run.runDir);
            java.util.concurrent.atomic.AtomicReference<Double> loudest =
                    new java.util.concurrent.atomic.AtomicReference<>(-200.0);
            vm.levelProperty()
                    .addListener((o, a, b) -> loudest.accumulateAndGet(b.doubleValue(), Math::max));
            LiveSpectrogramImage blank = vm.spectrogramProperty().get();
            if (armed) {
                vm.armMicrophone();
                Thread.sleep(SETTLE_MILLIS);
            }
            vm.pressed();
            assertThat(vm.errorProperty().get()).isEmpty();
            assertThat(vm.recordingProperty().get()).isTrue();
            if (!armed) {
                Thread.sleep(SETTLE_MILLIS);
            }
            assertThat(PulseAudio.play(wav)).as("paplay " + wav).isTrue();
            Thread.sleep(300);
            vm.released();
            vm.disarmMicrophone();

            PcmAudio recorded = vm.lastRecordingProperty().get();
            assertThat(recorded.sampleRate()).isEqualTo(16_000);
            AudioMatch.Match match = AudioMatch.bestMatch(speech.samples(), recorded.samples());
            LOG.info(
                    "armed={}: recorded {} s; speech found at {} s with correlation {}, max"
                            + " |difference| {}; loudest chunk {} dBFS",
                    armed,
                    recorded.durationSeconds(),
                    match.lag() / 16_000.0,
                    match.correlation(),
                    maxDifference(AudioFiles.load(wav).samples(), recorded.samples(), match.lag()),
                    loudest.get());
            if (armed) {
                assertThat(match.lag() / 16_000.0)
                        .as("seconds of recording before the speech: pre-roll and paplay's start")
                        .isLessThan(1.5);
            }
            assertThat(loudest.get()).as("the level meter saw the speech").isGreaterThan(-40.0);
            assertThat(vm.spectrogramProperty().get().argb())
                    .as("the live spectrogram moved")
                    .isNotEqualTo(blank.argb());
            assertThat(match.correlation())
                    .as("normalised correlation of played and recorded audio")
                    .isGreaterThan(0.95);

            assertThat(vm.errorProperty().get()).isEmpty();
            assertThat(vm.latencyMsProperty().get()).isGreaterThanOrEqualTo(0);
            String expected =
                    Transcriber.greedy(TrainedModel.load(run.runDir)).transcribe(recorded);
            assertThat(vm.transcriptProperty().get()).isEqualTo(expected);
        }
    }

    private static double maxDifference(float[] played, float[] recorded, int lag) {
        double max = 0;
        for (int i = 0; i < played.length; i++) {
            max = Math.max(max, Math.abs(played[i] - recorded[lag + i]));
        }
        return max;
    }
}
