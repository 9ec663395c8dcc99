package io.asrwb.engine.bench;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.augment.Augmenter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Utterances per second through {@link Augmenter#samples} on one thread, for 4 s of a real voice
 * (csound's fox.wav, looped): nothing on, recorded rooms, recorded backgrounds, both, and vocal
 * tract warping, each stage at probability 1. Folders decode once, before timing. Run by
 * bench/augment-throughput.sh.
 */
public final class AugmenterThroughputProbe {

    private AugmenterThroughputProbe() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path sounds = Path.of("/usr/share/csoundqt/Examples/SourceMaterials");
        Path rooms = Path.of(args[1]);
        List<String> noises = List.of("/usr/share/games/etw/crowd", "/usr/share/asterisk/moh");
        float[] fox = AudioFiles.load(sounds.resolve("fox.wav")).samples();
        float[] utterance = new float[4 * AudioFiles.MODEL_RATE];
        for (int i = 0; i < utterance.length; i++) {
            utterance[i] = fox[i % fox.length];
        }
        ConditionsConfig off = ConditionsConfig.defaults();
        List<String> rirs = List.of(rooms.toString());
        Object[][] cases = {
            {"no augmentation", off},
            {"recorded room (rir_probability 1)", off.withRecorded(1, rirs, 0, List.of())},
            {
                "recorded background (noise_probability 1)",
                off.withRecorded(0, List.of(), 1, noises)
            },
            {"recorded room + background", off.withRecorded(1, rirs, 1, noises)},
            {"vocal tract warp (vtlp_probability 1)", off.withVtlp(1, 0.9, 1.1)},
        };
        for (Object[] c : cases) {
            AugmentConfig config = AugmentConfig.defaults().withConditions((ConditionsConfig) c[1]);
            Augmenter a = Augmenter.of(config, 1, Path.of(""));
            for (int i = 0; i < n / 4; i++) {
                a.samples(utterance, 0, "warm-" + i);
            }
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                a.samples(utterance, 0, "utt-" + i);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "%-45s %7.1f utterances/s  %8.1f audio-s/s%n",
                    c[0],
                    n / seconds,
                    4 * n / seconds);
        }
    }
}
