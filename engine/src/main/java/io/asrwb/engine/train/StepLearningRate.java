package io.asrwb.engine.train;

import io.asrwb.engine.config.LrScheduleConfig;
import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.train.schedule.LearningRateSchedule;
import org.nd4j.linalg.schedule.ISchedule;
import org.nd4j.shade.jackson.annotation.JsonCreator;
import org.nd4j.shade.jackson.annotation.JsonIgnore;
import org.nd4j.shade.jackson.annotation.JsonProperty;

/**
 * DL4J's view of a {@link LearningRateSchedule}: the rate at the updater's iteration, which the
 * trainer sets to the run's step, so the rate is a pure function of the step. Its fields go into
 * the graph's JSON configuration (and so into checkpoints) through DL4J's own Jackson.
 */
public final class StepLearningRate implements ISchedule {

    private static final long serialVersionUID = 1L;

    private final double lr;
    private final long warmupSteps;
    private final double warmupStartFactor;
    private final String anneal;
    private final double minLr;
    private final double gamma;
    private final String decayEvery;
    private final long totalSteps;
    private final long stepsPerEpoch;
    @JsonIgnore private transient LearningRateSchedule schedule;

    @JsonCreator
    public StepLearningRate(
            @JsonProperty("lr") double lr,
            @JsonProperty("warmupSteps") long warmupSteps,
            @JsonProperty("warmupStartFactor") double warmupStartFactor,
            @JsonProperty("anneal") String anneal,
            @JsonProperty("minLr") double minLr,
            @JsonProperty("gamma") double gamma,
            @JsonProperty("decayEvery") String decayEvery,
            @JsonProperty("totalSteps") long totalSteps,
            @JsonProperty("stepsPerEpoch") long stepsPerEpoch) {
        this.lr = lr;
        this.warmupSteps = warmupSteps;
        this.warmupStartFactor = warmupStartFactor;
        this.anneal = anneal;
        this.minLr = minLr;
        this.gamma = gamma;
        this.decayEvery = decayEvery;
        this.totalSteps = totalSteps;
        this.stepsPerEpoch = stepsPerEpoch;
    }

    /** The schedule of {@code optim} over a run of {@code totalSteps}. */
    public static StepLearningRate of(OptimConfig optim, long totalSteps, long stepsPerEpoch) {
        LrScheduleConfig s = optim.schedule();
        return new StepLearningRate(
                optim.lr(),
                s.warmupSteps(),
                s.warmupStartFactor(),
                s.anneal().name(),
                s.minLr(),
                s.gamma(),
                s.decayEvery().name(),
                totalSteps,
                stepsPerEpoch);
    }

    /** The rate for the update at {@code step}. */
    public double at(long step) {
        if (schedule == null) {
            OptimConfig defaults = OptimConfig.defaults();
            OptimConfig optim =
                    new OptimConfig(
                            defaults.optimizer(),
                            lr,
                            defaults.beta1(),
                            defaults.beta2(),
                            defaults.epsilon(),
                            defaults.momentum(),
                            defaults.weightDecay(),
                            defaults.gradClipNorm(),
                            new LrScheduleConfig(
                                    LrScheduleConfig.Anneal.valueOf(anneal),
                                    warmupSteps,
                                    warmupStartFactor,
                                    minLr,
                                    gamma,
                                    LrScheduleConfig.DecayPeriod.valueOf(decayEvery)));
            schedule = LearningRateSchedule.of(optim, totalSteps, stepsPerEpoch);
        }
        return schedule.lr(step);
    }

    @Override
    public double valueAt(int iteration, int epoch) {
        return at(iteration);
    }

    @Override
    public ISchedule clone() {
        return new StepLearningRate(
                lr,
                warmupSteps,
                warmupStartFactor,
                anneal,
                minLr,
                gamma,
                decayEvery,
                totalSteps,
                stepsPerEpoch);
    }

    @JsonProperty("lr")
    public double getLr() {
        return lr;
    }

    @JsonProperty("warmupSteps")
    public long getWarmupSteps() {
        return warmupSteps;
    }

    @JsonProperty("warmupStartFactor")
    public double getWarmupStartFactor() {
        return warmupStartFactor;
    }

    @JsonProperty("anneal")
    public String getAnneal() {
        return anneal;
    }

    @JsonProperty("minLr")
    public double getMinLr() {
        return minLr;
    }

    @JsonProperty("gamma")
    public double getGamma() {
        return gamma;
    }

    @JsonProperty("decayEvery")
    public String getDecayEvery() {
        return decayEvery;
    }

    @JsonProperty("totalSteps")
    public long getTotalSteps() {
        return totalSteps;
    }

    @JsonProperty("stepsPerEpoch")
    public long getStepsPerEpoch() {
        return stepsPerEpoch;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StepLearningRate s
                && s.lr == lr
                && s.warmupSteps == warmupSteps
                && s.warmupStartFactor == warmupStartFactor
                && s.anneal.equals(anneal)
                && s.minLr == minLr
                && s.gamma == gamma
                && s.decayEvery.equals(decayEvery)
                && s.totalSteps == totalSteps
                && s.stepsPerEpoch == stepsPerEpoch;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(lr, warmupSteps, anneal, totalSteps, stepsPerEpoch);
    }
}
