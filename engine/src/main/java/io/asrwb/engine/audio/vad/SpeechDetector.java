package io.asrwb.engine.audio.vad;

import io.asrwb.engine.audio.PcmAudio;
import java.util.List;

/** Finds where people speak in a recording. */
public interface SpeechDetector {

    /** Short name for reports and the command line, e.g. {@code energy}. */
    String name();

    /** The speech spans of {@code audio}, in time order, not overlapping. */
    List<SpeechSpan> speechSpans(PcmAudio audio);
}
