package io.asrwb.engine.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The loss of every step of a run as its events.jsonl tells it: a step written more than once (a
 * resume computes again the steps after its checkpoint) takes the value of the last line, i.e. of
 * the last attempt that wrote it. The repeats are counted apart, so a fix that stops writing them,
 * or a reader rule that drops them, shows in the figures.
 *
 * @param byStep the last-written loss of each step
 * @param stepLines step lines read
 * @param repeated step lines for a step that an earlier line had already reported
 * @param repeatedChanged repeats whose loss differs bitwise from the line before them
 */
record StepLosses(
        SortedMap<Long, Double> byStep, int stepLines, int repeated, int repeatedChanged) {

    static StepLosses of(Iterable<JsonNode> events) {
        SortedMap<Long, Double> byStep = new TreeMap<>();
        Map<Long, Double> seen = new HashMap<>();
        int lines = 0;
        int repeated = 0;
        int changed = 0;
        for (JsonNode e : events) {
            if (!EventsFile.type(e).equals("step")) {
                continue;
            }
            lines++;
            long step = e.path("step").asLong();
            double loss = e.path("loss").asDouble();
            Double before = seen.put(step, loss);
            if (before != null) {
                repeated++;
                if (!before.equals(loss)) { // Double.equals compares the bits
                    changed++;
                }
            }
            byStep.put(step, loss);
        }
        return new StepLosses(Collections.unmodifiableSortedMap(byStep), lines, repeated, changed);
    }

    /** The first step whose loss differs bitwise from {@code reference}'s (or that one lacks), or null. */
    Long firstDifference(StepLosses reference) {
        for (Map.Entry<Long, Double> e : byStep.entrySet()) {
            if (!e.getValue().equals(reference.byStep.get(e.getKey()))) {
                return e.getKey();
            }
        }
        for (Long step : reference.byStep.keySet()) {
            if (!byStep.containsKey(step)) {
                return step;
            }
        }
        return null;
    }

    /** Whether every step written here has the reference's loss, bit for bit (missing steps allowed). */
    boolean agreesWith(StepLosses reference) {
        return byStep.entrySet().stream()
                .allMatch(e -> e.getValue().equals(reference.byStep.get(e.getKey())));
    }
}
