package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The recipes bench/train-demo-model.sh trains: each validates as shipped, and the QuartzNet and
 * streaming ones are the demo model's recipe with only their model (and what the model needs)
 * changed, so their WER beside DS2's compares models, not recipes.
 */
class DemoRecipesTest {

    private static final RunConfigYaml YAML = RunConfigYaml.standard();

    private static RunConfig recipe(String name) throws Exception {
        Path file = Path.of("..", "assets", "configs", name + ".yaml");
        return YAML.readValidated(Files.readString(file), name + ".yaml", Path.of("."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"demo-real-speech", "demo-streaming", "demo-quartznet"})
    void validatesAndReadsBackAsWritten(String name) throws Exception {
        RunConfig c = recipe(name);
        assertThat(YAML.read(YAML.write(c), "written")).isEqualTo(c);
    }

    @Test
    void quartzNetTrainsOnTheDemoRecipeWithTheFiveByFive() throws Exception {
        RunConfig demo = recipe("demo-real-speech");
        RunConfig quartz = recipe("demo-quartznet");
        assertThat(quartz.model()).isEqualTo(Presets.load("quartznet").model());
        assertThat(quartz.features().nMels()).isEqualTo(64);
        assertSameDataAndSchedule(quartz, demo);
        assertThat(quartz.optim().gradClipNorm()).isEqualTo(demo.optim().gradClipNorm());
        LrScheduleConfig ours = quartz.optim().schedule();
        LrScheduleConfig demos = demo.optim().schedule();
        assertThat(ours.anneal()).isEqualTo(demos.anneal());
        assertThat(ours.warmupSteps()).isEqualTo(demos.warmupSteps());
    }

    @Test
    void streamingTrainsOnTheDemoRecipeWithLatencyControlledLstmsAndRunningCmvn() throws Exception {
        RunConfig demo = recipe("demo-real-speech");
        RunConfig streaming = recipe("demo-streaming");
        // the demo model's LSTMs, their backward direction over chunks of 10 frames hearing 10 more
        Ds2Config chunked = (Ds2Config) streaming.model();
        assertThat(chunked.chunkFrames()).isEqualTo(10);
        assertThat(chunked.chunkLookaheadFrames()).isEqualTo(10);
        Ds2Config whole = (Ds2Config) demo.model();
        assertThat(
                        new Ds2Config(
                                chunked.conv(),
                                chunked.rnnLayers(),
                                chunked.hiddenSize(),
                                chunked.merge(),
                                chunked.convBatchNorm(),
                                chunked.rnnBatchNorm(),
                                chunked.bidirectional(),
                                chunked.lookaheadFrames()))
                .isEqualTo(whole);
        assertThat(streaming.features().normalisation())
                .isEqualTo(FeatureConfig.Normalisation.RUNNING_CMVN);
        assertThat(streaming.features().globalStats().absent()).isTrue(); // train fills them in
        assertThat(streaming.features().nMels()).isEqualTo(demo.features().nMels());
        assertSameDataAndSchedule(streaming, demo);
        assertThat(streaming.optim()).isEqualTo(demo.optim());
    }

    private static void assertSameDataAndSchedule(RunConfig recipe, RunConfig demo) {
        assertThat(recipe.data()).isEqualTo(demo.data());
        assertThat(recipe.augment()).isEqualTo(demo.augment());
        assertThat(recipe.train()).isEqualTo(demo.train());
    }
}
