package io.asrwb.engine.data;

import java.util.Locale;

/** Which part of a dataset an utterance belongs to. */
public enum Split {
    TRAIN,
    VAL,
    TEST,
    /** The source did not say. */
    NONE;

    /** Parses common spellings ("train", "dev", "valid", "validation", "test"); unknown → NONE. */
    public static Split parse(String s) {
        if (s == null) {
            return NONE;
        }
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "train", "training" -> TRAIN;
            case "val", "valid", "validation", "dev", "development" -> VAL;
            case "test", "eval", "evaluation" -> TEST;
            default -> NONE;
        };
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
