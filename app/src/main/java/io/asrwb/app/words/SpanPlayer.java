package io.asrwb.app.words;

/** What shows and plays the clip under the tier (the waveform): selects a span, plays just it. */
public interface SpanPlayer {

    /** Marks {@code span} as selected on the clip (null: nothing selected). */
    void select(TimeSpan span);

    /** Selects {@code span} and plays just it. */
    void play(TimeSpan span);
}
