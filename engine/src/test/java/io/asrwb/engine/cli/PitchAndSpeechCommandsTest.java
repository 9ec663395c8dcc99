package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PitchAndSpeechCommandsTest {

    private static final int RATE = 16_000;

    @TempDir Path dir;

    @Test
    void pitchReportsTheToneOfAFile() throws Exception {
        Path wav = dir.resolve("tone.wav");
        WavWriter.writePcm16(wav, tone(), RATE, 1);
        CliRun run = CliRun.run(dir.resolve("catalog"), "pitch", "--frames", wav.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.lines().get(0)).contains("median 200.0 Hz");
        assertThat(run.lines()).anyMatch(l -> l.matches("0\\.5\\d\\d\t200\\.\\d\\d\t0\\.\\d+"));
    }

    @Test
    void speechFindsTheToneBetweenSilences() throws Exception {
        Path wav = dir.resolve("tone.wav");
        WavWriter.writePcm16(wav, tone(), RATE, 1);
        CliRun run = CliRun.run(dir.resolve("catalog"), "speech", wav.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.lines().get(0)).endsWith("1 speech spans (energy)");
        String[] span = run.lines().get(1).split("\t");
        assertThat(Double.parseDouble(span[0])).isBetween(0.45, 0.5);
        assertThat(Double.parseDouble(span[1])).isBetween(1.5, 1.55);
    }

    @Test
    void aMissingFileIsOneLineAndAFailure() {
        CliRun run =
                CliRun.run(dir.resolve("catalog"), "pitch", dir.resolve("nope.wav").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(run.err().lines()).hasSize(1).allMatch(l -> l.contains("nope.wav"));
    }

    /** 0.5 s of silence, 1 s of 200 Hz, 0.5 s of silence. */
    private static float[] tone() {
        float[] s = new float[2 * RATE];
        for (int i = RATE / 2; i < RATE * 3 / 2; i++) {
            s[i] = (float) (0.5 * Math.sin(2 * Math.PI * 200 * i / RATE));
        }
        return s;
    }
}
