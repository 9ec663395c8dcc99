package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.align.FrameClock;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelShape;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every user of a model reads one output frame rate: before {@link ModelShape}, decoding and the
 * ONNX export probed 10 000 input frames (DS2's stride-3 front end: 0.029994 s per frame) while
 * alignment probed 30 000 (0.03 s), so a word an hour into a file was placed 0.7 s apart.
 */
class ModelShapeTest {

    @Test
    void everyPresetTicksAtItsHopTimesItsStrideExactly() {
        for (String preset : Presets.NAMES) {
            RunConfig config = Presets.load(preset);
            ModelShape shape = ModelShape.of(config, alphabet(config));
            double hop = shape.features().frameSeconds();
            int stride = shape.spec().timeStride();

            assertThat(shape.secondsPerOutputFrame()).as(preset).isEqualTo(hop * stride);
            // the finite probe the users used to run only tends to it
            for (int frames : new int[] {1_000, 10_000, 30_000}) {
                int out = shape.spec().outputFrames(frames);
                assertThat(Math.abs((long) out * stride - frames))
                        .as(preset + ", " + frames + " input frames")
                        .isLessThan(stride + 16L);
            }
        }
    }

    @Test
    void ds2sStrideThreeFrontEndTicksEveryThirtyMilliseconds() {
        RunConfig config = Presets.load("tiny");
        ModelShape shape = ModelShape.of(config, alphabet(config));

        assertThat(shape.spec().timeStride()).isEqualTo(3);
        assertThat(shape.secondsPerOutputFrame()).isCloseTo(0.03, within(1e-12));
    }

    @Test
    void greedyBeamAndAlignmentReadTheSameFrameRate() {
        RunConfig config = Presets.load("tiny");
        RunAlphabet alphabet = alphabet(config);
        ModelShape shape = ModelShape.of(config, alphabet);
        TrainedModel model =
                new TrainedModel(
                        SpeechModels.build(
                                shape.spec(),
                                config.optim(),
                                StepLearningRate.of(config.optim(), 1, 1),
                                7),
                        config,
                        alphabet,
                        null,
                        null);
        double expected = shape.secondsPerOutputFrame();

        assertThat(model.shape().spec()).isEqualTo(shape.spec());
        assertThat(Transcriber.greedy(model).decoder().frameSeconds()).isEqualTo(expected);
        assertThat(
                        new DecoderSettings(DecoderSettings.Kind.BEAM, 8, 0, 0)
                                .decoderFor(model, null)
                                .frameSeconds())
                .isEqualTo(expected);
        assertThat(FrameClock.secondsPerOutputFrame(model)).isEqualTo(expected);
        assertThat(RunSetup.of(config, alphabet).outputFrameSeconds()).isEqualTo(expected);
    }

    private static RunAlphabet alphabet(RunConfig config) {
        return RunAlphabet.of(config.alphabet(), Path.of(""));
    }
}
