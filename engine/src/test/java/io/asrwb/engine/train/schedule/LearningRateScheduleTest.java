package io.asrwb.engine.train.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import org.junit.jupiter.api.Test;

class LearningRateScheduleTest {

    private static final double EPS = 1e-15;

    @Test
    void cosineHitsTheKnownValues() {
        // peak 1e-3 after 100 warm-up steps from zero, cosine to 1e-5 at step 1100
        CosineSchedule s = new CosineSchedule(new Warmup(1e-3, 100, 0.0), 1100, 1e-5);

        assertThat(s.lr(0)).isEqualTo(0.0);
        assertThat(s.lr(50)).isCloseTo(5e-4, within(EPS));
        assertThat(s.lr(100)).isCloseTo(1e-3, within(EPS));
        assertThat(s.lr(600)).isCloseTo((1e-3 + 1e-5) / 2, within(EPS));
        assertThat(s.lr(1100)).isCloseTo(1e-5, within(EPS));
        assertThat(s.lr(5000)).isCloseTo(1e-5, within(EPS));
        // a quarter of the way down: min + (peak - min) * (1 + cos(pi / 4)) / 2
        assertThat(s.lr(350)).isCloseTo(1e-5 + 0.99e-3 * (1 + Math.sqrt(0.5)) / 2, within(EPS));
    }

    @Test
    void warmupCanStartFromAFraction() {
        Warmup warmup = new Warmup(2e-3, 10, 0.1);
        ConstantSchedule s = new ConstantSchedule(warmup);

        assertThat(s.lr(0)).isCloseTo(2e-4, within(EPS));
        assertThat(s.lr(5)).isCloseTo(2e-3 * 0.55, within(EPS));
        assertThat(s.lr(10)).isEqualTo(2e-3);
        assertThat(s.lr(1_000_000)).isEqualTo(2e-3);
    }

    @Test
    void warmupRisesAndCosineFallsMonotonically() {
        CosineSchedule s = new CosineSchedule(new Warmup(1e-3, 100, 0.0), 1000, 0.0);

        for (long step = 1; step <= 100; step++) {
            assertThat(s.lr(step)).as("step %d", step).isGreaterThan(s.lr(step - 1));
        }
        for (long step = 101; step <= 1000; step++) {
            assertThat(s.lr(step)).as("step %d", step).isLessThan(s.lr(step - 1));
        }
    }

    @Test
    void exponentialDecaysOncePerPeriodDownToTheFloor() {
        ExponentialSchedule perEpoch =
                new ExponentialSchedule(new Warmup(1.5e-4, 0, 0), 0.99, 50, 0.0);

        assertThat(perEpoch.lr(0)).isEqualTo(1.5e-4);
        assertThat(perEpoch.lr(49)).isEqualTo(1.5e-4);
        assertThat(perEpoch.lr(50)).isCloseTo(1.5e-4 * 0.99, within(EPS));
        assertThat(perEpoch.lr(250)).isCloseTo(1.5e-4 * Math.pow(0.99, 5), within(EPS));

        ExponentialSchedule floored = new ExponentialSchedule(new Warmup(1.0, 2, 0.5), 0.5, 1, 0.1);
        assertThat(floored.lr(0)).isEqualTo(0.5);
        assertThat(floored.lr(1)).isEqualTo(0.75);
        assertThat(floored.lr(2)).isEqualTo(1.0);
        assertThat(floored.lr(3)).isEqualTo(0.5);
        assertThat(floored.lr(5)).isEqualTo(0.125);
        assertThat(floored.lr(6)).isEqualTo(0.1);
        assertThat(floored.lr(60)).isEqualTo(0.1);
    }

    @Test
    void sameStepGivesTheSameRateInAnyOrder() {
        LearningRateSchedule s = LearningRateSchedule.of(Presets.load("tiny").optim(), 1000, 80);
        double[] forward = new double[1001];
        for (int step = 0; step <= 1000; step++) {
            forward[step] = s.lr(step);
        }
        // asked backwards and from a fresh schedule, as a resumed run would
        LearningRateSchedule resumed =
                LearningRateSchedule.of(Presets.load("tiny").optim(), 1000, 80);
        for (int step = 1000; step >= 0; step--) {
            assertThat(resumed.lr(step)).isEqualTo(forward[step]);
            assertThat(s.lr(step)).isEqualTo(forward[step]);
        }
    }

    @Test
    void builtFromTheConfig() {
        OptimConfig large = Presets.load("large").optim();
        assertThat(LearningRateSchedule.of(large, 6000, 100))
                .isEqualTo(new ExponentialSchedule(new Warmup(1.5e-4, 0, 0), 0.99, 100, 0.0));

        RunConfig perStep =
                ConfigFields.with(Presets.load("large"), "optim.schedule.decay_every", "step");
        assertThat(
                        ((ExponentialSchedule) LearningRateSchedule.of(perStep.optim(), 6000, 100))
                                .everySteps())
                .isEqualTo(1);

        RunConfig constant =
                ConfigFields.with(RunConfig.defaults(), "optim.schedule.anneal", "constant");
        assertThat(LearningRateSchedule.of(constant.optim(), 10, 10))
                .isInstanceOf(ConstantSchedule.class);
    }

    @Test
    void refusesNegativeStepsAndImpossibleSettings() {
        CosineSchedule s = new CosineSchedule(new Warmup(1e-3, 0, 0), 10, 0);

        assertThatThrownBy(() -> s.lr(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CosineSchedule(new Warmup(1e-3, 100, 0), 50, 0))
                .hasMessageContaining("totalSteps");
        assertThatThrownBy(() -> new Warmup(0, 10, 0)).hasMessageContaining("peakLr");
        assertThatThrownBy(() -> new ExponentialSchedule(new Warmup(1, 0, 0), 1.5, 1, 0))
                .hasMessageContaining("gamma");
    }
}
