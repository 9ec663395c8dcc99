package io.asrwb.engine.config;

import io.asrwb.engine.metrics.EditDistance;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Suggests the field a misspelt or foreign key meant: deepspeech.pytorch's names map to ours
 * ({@code learning_rate} → {@code lr}), otherwise the nearest known name by edit distance.
 */
final class DidYouMean {

    /** Names users bring from deepspeech.pytorch and NeMo configs, and ours for them. */
    private static final Map<String, String> ALIASES =
            Map.ofEntries(
                    Map.entry("learning_rate", "lr"),
                    Map.entry("max_norm", "grad_clip_norm"),
                    Map.entry("learning_anneal", "gamma"),
                    Map.entry("hidden_layers", "rnn_layers"),
                    Map.entry("window_size", "window_ms"),
                    Map.entry("window_stride", "hop_ms"),
                    Map.entry("labels_path", "file"),
                    Map.entry("num_workers", "loader_threads"),
                    Map.entry("eps", "epsilon"),
                    Map.entry("beam_size", "beam_width"),
                    Map.entry("lm_alpha", "alpha"),
                    Map.entry("lm_beta", "beta"));

    private DidYouMean() {}

    static Optional<String> suggest(String unknown, Collection<String> known) {
        String best = null;
        long bestDistance = Long.MAX_VALUE;
        for (String candidate : known) {
            long d = EditDistance.characters(unknown, candidate).errors();
            if (candidate.length() >= 3 && unknown.startsWith(candidate)) {
                d = Math.min(d, 1); // "optimiser" for "optim": a longer spelling of the same word
            }
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        for (Map.Entry<String, String> alias : ALIASES.entrySet()) {
            long d = EditDistance.characters(unknown, alias.getKey()).errors();
            if (known.contains(alias.getValue()) && d < bestDistance) {
                best = alias.getValue();
                bestDistance = d;
            }
        }
        long allowed = Math.max(2, unknown.length() / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }
}
