package io.asrwb.engine.curve;

import io.asrwb.engine.config.RunConfig;
import java.util.OptionalDouble;

/**
 * Time left for a learning curve, from what the finished points measured: wall seconds per second
 * of audio trained on, times the audio the points left will go through (the recipe's epochs over
 * their subset, or its step limit's worth of batches when that comes first).
 */
public final class CurveEta {

    private CurveEta() {}

    /** Seconds left; empty until a point has been measured. */
    public static OptionalDouble secondsLeft(CurveState state, RunConfig recipe) {
        double seconds = 0;
        double audio = 0;
        for (CurvePoint p : state.points()) {
            if (p.status() == CurvePoint.Status.DONE && p.audioSeconds() > 0) {
                seconds += p.seconds();
                audio += p.audioSeconds();
            }
        }
        if (audio <= 0) {
            return OptionalDouble.empty();
        }
        double left = 0;
        for (CurvePoint p : state.points()) {
            if (p.status() != CurvePoint.Status.DONE) {
                left += Math.max(0, plannedAudioSeconds(p, recipe) - p.audioSeconds());
            }
        }
        return OptionalDouble.of(left * seconds / audio);
    }

    /** Audio seconds a point's training goes through under {@code recipe}. */
    static double plannedAudioSeconds(CurvePoint p, RunConfig recipe) {
        double subset = p.hours() * 3600;
        double byEpochs = recipe.train().epochs() * subset;
        long maxSteps = recipe.train().maxSteps();
        if (maxSteps <= 0 || p.utterances() == 0) {
            return byEpochs;
        }
        double perUtterance = subset / p.utterances();
        double perStep = Math.min(p.utterances(), recipe.data().batchSize()) * perUtterance;
        return Math.min(byEpochs, maxSteps * perStep);
    }

    /** 75 s as "1 min 15 s", 4000 s as "1 h 07 min". */
    public static String format(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min " + (s % 60) + " s";
        }
        return String.format(java.util.Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
