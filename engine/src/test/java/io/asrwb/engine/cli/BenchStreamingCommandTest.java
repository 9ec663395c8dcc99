package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench streaming --audio}: the release-to-final latency on recorded clips, not a buzz. */
class BenchStreamingCommandTest {

    private static final Path CLIPS = Path.of("../assets/demo-corpus/audio");

    @TempDir Path dir;

    @Test
    void recordedClipsAreTheUtterancesInTurn() {
        Path first = CLIPS.resolve("espeak-en-m8/espeak-en-m8-000.flac");
        Path second = CLIPS.resolve("espeak-en-f2/espeak-en-f2-000.flac");
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "bench",
                        "streaming",
                        "--audio",
                        first.toString(),
                        "--audio",
                        second.toString(),
                        "--runs",
                        "2",
                        "--warmup",
                        "0");
        assertThat(r.exit()).as(r.err()).isEqualTo(ExitCodes.OK);
        assertThat(r.out())
                .contains("\"audio\": \"recorded\", \"clips\": 2,")
                .contains("\"runs\": 2,")
                .containsPattern("\"final_p90_ms\": [0-9.]+");
        // The streaming preset hears 50 ms ahead (its convolution) and runs its 30 ms frames as
        // they come: its partial trails the audio by less than a 100 ms chunk's worth more.
        java.util.regex.Matcher behind =
                java.util.regex.Pattern.compile("\"behind_median_ms\": ([0-9]+)").matcher(r.out());
        assertThat(behind.find()).as(r.out()).isTrue();
        assertThat(Integer.parseInt(behind.group(1))).isBetween(1, 150);
        // The two clips' mean length (1.35 s and the other), not --seconds' 5 s default.
        assertThat(r.out()).doesNotContain("\"seconds\": 5.00");
    }

    @Test
    void aMissingClipIsOneLineNamingIt() {
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "bench",
                        "streaming",
                        "--audio",
                        dir.resolve("nope.wav").toString(),
                        "--runs",
                        "1");
        assertThat(r.exit()).isNotEqualTo(ExitCodes.OK);
        assertThat(r.err().strip()).startsWith("asrwb: ").contains("nope.wav").doesNotContain("\n");
    }
}
