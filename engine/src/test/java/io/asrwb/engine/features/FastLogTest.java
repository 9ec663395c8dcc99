package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class FastLogTest {

    @Test
    void agreesWithMathLogToWithin1e12AcrossTheFeatureRange() {
        Random random = new Random(3);
        for (int i = 0; i < 200_000; i++) {
            // 1e-10 (the log floor) up to 1e6 (a loud frame's power), log-uniformly
            double x = Math.pow(10.0, -10.0 + 16.0 * random.nextDouble());
            assertThat(FastLog.log(x)).as("ln(%s)", x).isCloseTo(Math.log(x), within(1e-12));
        }
    }

    @Test
    void tableEdgesAndSpecialValuesAreExact() {
        assertThat(FastLog.log(1.0)).isEqualTo(0.0);
        assertThat(FastLog.log(2.0)).isCloseTo(Math.log(2.0), within(1e-15));
        double belowTwo = Math.nextDown(2.0);
        assertThat(FastLog.log(belowTwo)).isCloseTo(Math.log(belowTwo), within(1e-15));
        assertThat(FastLog.log(0.0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(FastLog.log(Double.MIN_VALUE)).isEqualTo(Math.log(Double.MIN_VALUE));
        assertThat(FastLog.log(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(FastLog.log(-1.0)).isNaN();
    }
}
