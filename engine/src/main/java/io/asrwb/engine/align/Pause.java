package io.asrwb.engine.align;

/** A stretch of silence in a clip, in seconds from its start. */
record Pause(double startSec, double endSec) {

    double centre() {
        return (startSec + endSec) / 2;
    }
}
