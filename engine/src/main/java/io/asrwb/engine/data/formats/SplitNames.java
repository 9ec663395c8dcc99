package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.nio.file.Path;
import java.util.Locale;

/** How splits appear in file and folder names ("train_manifest.json", "dev-clean", "test.tsv"). */
final class SplitNames {

    private SplitNames() {}

    /** The first word of {@code name} (split on non-letters) that names a split; NONE if none does. */
    static Split fromName(String name) {
        String base = name;
        int dot = base.indexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        for (String word : base.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            Split s = Split.parse(word);
            if (s != Split.NONE) {
                return s;
            }
        }
        return Split.NONE;
    }

    static Split fromFileName(Path file) {
        return fromName(file.getFileName().toString());
    }

    /** "train", "dev", "test" (the spelling Common Voice and LibriSpeech use); "" for NONE. */
    static String word(Split split) {
        return switch (split) {
            case TRAIN -> "train";
            case VAL -> "dev";
            case TEST -> "test";
            case NONE -> "";
        };
    }

    /** {@code word + "_" + suffix}, or just {@code suffix} for NONE, e.g. "train_manifest.json". */
    static String manifestName(Split split, String suffix) {
        return split == Split.NONE ? suffix : word(split) + "_" + suffix;
    }
}
