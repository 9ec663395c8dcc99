package io.asrwb.engine.store;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.AudioCheckResult;
import io.asrwb.engine.data.curation.TextCheckResult;

/**
 * An utterance as the catalog holds it, with its check results.
 *
 * @param ordinal    position in the source, from 0
 * @param audio      decoded-audio checks, null until {@code dataset check} ran
 * @param dupAudioOf id of the first utterance (in source order) with the same audio, null if none
 * @param lastCer    CER of the most recent evaluation that decoded it, NaN if none
 */
public record StoredUtterance(
        Utterance utterance,
        int ordinal,
        TextCheckResult text,
        AudioCheckResult audio,
        String dupAudioOf,
        double lastCer) {}
