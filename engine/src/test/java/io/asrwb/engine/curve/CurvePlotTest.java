package io.asrwb.engine.curve;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plot is a PNG any reader opens, with the points, the fit and its band drawn. */
class CurvePlotTest {

    @TempDir Path dir;

    private static CurvePoint done(double fraction, double hours, double wer) {
        return new CurvePoint(
                fraction, "p", 10, 0, hours, CurvePoint.Status.DONE, wer, wer / 2, 1, 1);
    }

    private static CurveState state(CurvePoint... points) {
        return new CurveState(CurveState.SCHEMA, "demo", "utterance", 1, "test", List.of(points));
    }

    @Test
    void writesAPngThatReadsBackWithThePointsFitAndBand() throws Exception {
        CurveState state =
                state(
                        done(0.1, 0.1, 0.9),
                        done(0.25, 0.25, 0.7),
                        done(0.5, 0.5, 0.62),
                        done(1, 1, 0.5));

        Path file = CurvePlot.write(state, dir);
        BufferedImage image = ImageIO.read(file.toFile());

        assertThat(image.getWidth()).isEqualTo(CurvePlot.WIDTH);
        assertThat(image.getHeight()).isEqualTo(CurvePlot.HEIGHT);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                colours.add(image.getRGB(x, y) & 0xFFFFFF);
            }
        }
        // background, ink, grid, points, fit line and band all present: not a blank picture
        assertThat(colours).contains(0xFFFFFF, 0x222222, 0x1F5FAF, 0xC0392B, 0xF6D5D0);
    }

    @Test
    void withTwoPointsDrawsThePointsAndNoFit() throws Exception {
        BufferedImage image =
                ImageIO.read(
                        CurvePlot.write(state(done(0.5, 0.5, 0.8), done(1, 1, 0.6)), dir).toFile());

        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                colours.add(image.getRGB(x, y) & 0xFFFFFF);
            }
        }
        assertThat(colours).contains(0x1F5FAF).doesNotContain(0xC0392B, 0xF6D5D0);
    }

    @Test
    void stepsAreRoundNumbers() {
        assertThat(CurvePlot.niceStep(0.17)).isEqualTo(0.2);
        assertThat(CurvePlot.niceStep(0.22)).isEqualTo(0.25);
        assertThat(CurvePlot.niceStep(0.03))
                .isEqualTo(0.05, org.assertj.core.api.Assertions.within(1e-12));
    }
}
