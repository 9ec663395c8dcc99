package io.asrwb.engine.train.finetune;

import java.util.Map;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.learning.GradientUpdater;
import org.nd4j.linalg.learning.config.IUpdater;
import org.nd4j.linalg.schedule.ISchedule;

/**
 * The updater of a frozen layer: it turns every gradient into a zero update. DL4J's {@code NoOp}
 * is not enough, as it leaves the gradient as it is and the step subtracts it; zeroing it here
 * keeps the freeze inside the model's configuration, so a checkpoint and its resume keep it too
 * (DL4J's JSON names this class).
 */
public final class FrozenUpdater implements IUpdater {

    private static final long serialVersionUID = 1L;

    @Override
    public long stateSize(long numParams) {
        return 0;
    }

    @Override
    public GradientUpdater<FrozenUpdater> instantiate(INDArray viewArray, boolean initialize) {
        return new Zeroing(this);
    }

    @Override
    public GradientUpdater<FrozenUpdater> instantiate(
            Map<String, INDArray> updaterState, boolean initialize) {
        return new Zeroing(this);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FrozenUpdater;
    }

    @Override
    public int hashCode() {
        return FrozenUpdater.class.hashCode();
    }

    @Override
    public FrozenUpdater clone() {
        return new FrozenUpdater();
    }

    @Override
    public double getLearningRate(int iteration, int epoch) {
        return 0;
    }

    @Override
    public boolean hasLearningRate() {
        return false;
    }

    @Override
    public void setLrAndSchedule(double lr, ISchedule lrSchedule) {
        throw new UnsupportedOperationException("a frozen layer has no learning rate");
    }

    @Override
    public String toString() {
        return "FrozenUpdater";
    }

    /** The stateless updater itself. */
    private record Zeroing(FrozenUpdater config) implements GradientUpdater<FrozenUpdater> {

        @Override
        public FrozenUpdater getConfig() {
            return config;
        }

        @Override
        public void setState(Map<String, INDArray> state, boolean initialize) {
            // no state
        }

        @Override
        public Map<String, INDArray> getState() {
            return Map.of();
        }

        @Override
        public void setStateViewArray(
                INDArray viewArray, long[] gradientShape, char order, boolean initialize) {
            // no state
        }

        @Override
        public void applyUpdater(INDArray gradient, int iteration, int epoch) {
            gradient.assign(0);
        }
    }
}
