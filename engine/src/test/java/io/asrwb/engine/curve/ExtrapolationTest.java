package io.asrwb.engine.curve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.curve.PowerLaw.Point;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The power-law fit and its leave-one-out spread, on synthetic points. */
class ExtrapolationTest {

    private static List<Point> exactLaw(double a, double b, double... hours) {
        return java.util.Arrays.stream(hours)
                .mapToObj(h -> new Point(h, a * Math.pow(h, -b)))
                .toList();
    }

    @Test
    void recoversAnExactPowerLawAndHasNoSpreadOnIt() {
        List<Point> points = exactLaw(0.8, 0.3, 1, 2.5, 5, 10);

        PowerLaw fit = PowerLaw.fit(points);
        Extrapolation e = Extrapolation.of(points);

        assertThat(fit.a()).isCloseTo(0.8, within(1e-9));
        assertThat(fit.b()).isCloseTo(0.3, within(1e-9));
        assertThat(e).isInstanceOf(Extrapolation.Fitted.class);
        double[] range = ((Extrapolation.Fitted) e).range(100);
        assertThat(range[0]).isCloseTo(0.8 * Math.pow(100, -0.3), within(1e-9));
        assertThat(range[1]).isCloseTo(range[0], within(1e-9));
        assertThat(e.text())
                .startsWith("An extrapolation from 4 points, not a measurement")
                .contains("At 2× the data (20 h): WER ≈ 32.6 %")
                .contains("At 10× the data (100 h)")
                .contains("optimistic");
    }

    @Test
    void noisyPointsGiveABandAroundTheFitThatWidensAwayFromTheData() {
        List<Point> points =
                List.of(
                        new Point(1, 0.80),
                        new Point(2, 0.55),
                        new Point(4, 0.50),
                        new Point(8, 0.33));

        Extrapolation.Fitted e = (Extrapolation.Fitted) Extrapolation.of(points);

        double[] near = e.range(8);
        double[] far = e.range(80);
        assertThat(near[0]).isLessThanOrEqualTo(e.fit().at(8));
        assertThat(near[1]).isGreaterThanOrEqualTo(e.fit().at(8));
        assertThat((far[1] - far[0]) / e.fit().at(80))
                .isGreaterThan((near[1] - near[0]) / e.fit().at(8));
        assertThat(e.leftOut()).hasSize(4);
        assertThat(e.fit().b()).isPositive();
    }

    @Test
    void refusesWithFewerThanThreePointsOrAZeroWerAndSaysWhy() {
        assertThat(Extrapolation.of(exactLaw(0.8, 0.3, 1, 2)))
                .isInstanceOf(Extrapolation.Refused.class)
                .extracting(Extrapolation::text)
                .asString()
                .contains("2 points measured, and a fit needs 3 or more");
        assertThat(Extrapolation.of(List.of(new Point(1, 0.8))).text())
                .contains("1 point measured");
        assertThat(
                        Extrapolation.of(
                                        List.of(
                                                new Point(1, 0.5),
                                                new Point(2, 0.2),
                                                new Point(4, 0)))
                                .text())
                .contains("WER is 0 at 4 h");
    }

    @Test
    void aCurveThatRisesSaysMoreDataIsNotPredictedToHelp() {
        List<Point> rising = List.of(new Point(1, 0.5), new Point(2, 0.6), new Point(4, 0.7));

        Extrapolation e = Extrapolation.of(rising);

        assertThat(((Extrapolation.Fitted) e).fit().b()).isNegative();
        assertThat(e.text()).contains("not predicted to help");
    }
}
