package io.asrwb.engine.store;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.TextChecks;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Adds recorded clips to dataset "rec" of the catalog {@code args[0]} (root {@code args[1]}) until
 * it is killed, saying "added N" after each: {@link RecordedUtterancesCrashTest} kills it mid-way.
 */
public final class RecordingLoopMain {

    private RecordingLoopMain() {}

    public static void main(String[] args) {
        try (Catalog catalog = Catalog.open(Path.of(args[0]))) {
            RecordedUtterances rec =
                    new RecordedUtterances(catalog, TextChecks.ENGLISH, Clock.systemUTC());
            if (catalog.read(c -> new DatasetRepository(c).byName("rec")).isEmpty()) {
                rec.create("rec", Path.of(args[1]));
            }
            for (int n = 1; ; n++) {
                // 4 to 12 s clips (a few hundred KB), so a kill often lands in a write
                float[] s = new float[16_000 * (4 + n % 9)];
                for (int i = 0; i < s.length; i++) {
                    s[i] = (float) (0.3 * Math.sin(2 * Math.PI * 200 * i / 16_000.0));
                }
                rec.add("rec", new PcmAudio(s, 16_000), "clip " + n, "loop", Split.TRAIN);
                System.out.println("added " + n);
                System.out.flush();
            }
        }
    }
}
