package io.asrwb.engine.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Start-up, step and checkpoint-write times of the uninterrupted run, as the bench saw its lines
 * appear (created at its launch): they scale the windows the kills are drawn in.
 */
final class ReferenceTiming {

    private final long launched = System.nanoTime();
    private final List<Double> writes = new ArrayList<>();
    private long firstStep;
    private long lastStepSeen;
    private long end;
    private double perStep;

    void saw(JsonNode event) {
        long now = System.nanoTime();
        String type = EventsFile.type(event);
        if (type.equals("step")) {
            firstStep = firstStep == 0 ? now : firstStep;
            lastStepSeen = now;
        } else if (type.equals("checkpoint") && lastStepSeen != 0) {
            writes.add((now - lastStepSeen) / 1e9);
            lastStepSeen = 0;
        }
    }

    /** Median seconds from a step's line to its checkpoint's line (eval steps included). */
    double checkpointWrite() {
        List<Double> sorted = writes.stream().sorted().toList();
        return sorted.isEmpty() ? perStep : sorted.get(sorted.size() / 2);
    }

    void ended(int steps) {
        end = System.nanoTime();
        perStep = (end - firstStep) / 1e9 / Math.max(1, steps - 1);
    }

    /** Seconds from launch to the first step line. */
    double startup() {
        return (firstStep - launched) / 1e9;
    }

    double total() {
        return (end - launched) / 1e9;
    }

    /** Seconds per step (and its checkpoint) after the first. */
    double perStep() {
        return perStep;
    }
}
