package io.asrwb.engine.train.average;

import java.util.Locale;
import java.util.Objects;

/**
 * Which checkpoints of a run to average: the newest {@code count} steps, or the {@code count} with
 * the lowest validation WER recorded at save (CER breaks ties).
 *
 * @param kind newest or best
 * @param count how many members (at least 1)
 */
public record MemberChoice(Kind kind, int count) {

    /** How members are picked. */
    public enum Kind {
        LAST,
        BEST
    }

    public MemberChoice {
        Objects.requireNonNull(kind, "kind");
        if (count < 1) {
            throw new IllegalArgumentException(
                    "--" + kind.name().toLowerCase(Locale.ROOT) + " " + count + ": need >= 1");
        }
    }

    public static MemberChoice last(int count) {
        return new MemberChoice(Kind.LAST, count);
    }

    public static MemberChoice best(int count) {
        return new MemberChoice(Kind.BEST, count);
    }

    /** {@code "last 3"}, {@code "best 2"}: how the CLI spelled it. */
    @Override
    public String toString() {
        return kind.name().toLowerCase(Locale.ROOT) + " " + count;
    }
}
