package io.asrwb.engine.checkpoint;

import java.util.List;
import java.util.Objects;

/**
 * What makes a checkpoint usable by a run: the model's architecture fingerprint and its alphabet.
 *
 * @param fingerprint {@link ModelFingerprint} of the architecture and alphabet
 * @param alphabet output labels, blank first
 */
public record ModelIdentity(String fingerprint, List<String> alphabet) {

    public ModelIdentity {
        Objects.requireNonNull(fingerprint, "fingerprint");
        alphabet = List.copyOf(alphabet);
    }
}
