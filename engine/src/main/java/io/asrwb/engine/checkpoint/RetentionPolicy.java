package io.asrwb.engine.checkpoint;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which checkpoints a store keeps after each save: the newest {@code keepLast} by step, plus the
 * {@code keepBestByWer} with the lowest validation WER (ties go to the earlier step, the one that
 * reached that WER first). Checkpoints without a WER only count as recent.
 *
 * @param keepLast how many of the newest checkpoints to keep, at least 1
 * @param keepBestByWer how many of the best checkpoints by WER to keep besides, at least 0
 */
public record RetentionPolicy(int keepLast, int keepBestByWer) {

    public RetentionPolicy {
        if (keepLast < 1 || keepBestByWer < 0) {
            throw new IllegalArgumentException(
                    "retention needs keepLast >= 1 and keepBestByWer >= 0, got "
                            + keepLast
                            + " and "
                            + keepBestByWer);
        }
    }

    /** Deletes nothing. */
    public static RetentionPolicy keepAll() {
        return new RetentionPolicy(Integer.MAX_VALUE, 0);
    }

    /**
     * The steps to delete among {@code werByStep} (every complete checkpoint's step, mapped to its
     * WER or {@code null}), never one of {@code protectedSteps}.
     */
    Set<Long> stepsToDelete(Map<Long, Double> werByStep, Set<Long> protectedSteps) {
        Set<Long> keep = new HashSet<>(protectedSteps);
        werByStep.keySet().stream()
                .sorted(Comparator.reverseOrder())
                .limit(keepLast)
                .forEach(keep::add);
        List<Long> byWer =
                werByStep.entrySet().stream()
                        .filter(entry -> entry.getValue() != null && !entry.getValue().isNaN())
                        .sorted(
                                Map.Entry.<Long, Double>comparingByValue()
                                        .thenComparing(Map.Entry.comparingByKey()))
                        .limit(keepBestByWer)
                        .map(Map.Entry::getKey)
                        .toList();
        keep.addAll(byWer);
        return werByStep.keySet().stream()
                .filter(step -> !keep.contains(step))
                .collect(Collectors.toSet());
    }
}
