package io.asrwb.engine.train.finetune;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigValidator;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The recipe for minutes of one voice, made for the demo model as the Record tab makes it. */
class VoiceRecipeTest {

    private final Path demoModel = DemoSubset.demoCorpus().resolveSibling("demo-model");

    @Test
    void stepsAreEightPassesAtLeastTwentyAtMostTheCap() {
        assertThat(VoiceRecipe.steps(16, 16, 300)).isEqualTo(20); // 8 passes = 8 steps: the floor
        assertThat(VoiceRecipe.steps(95, 16, 300)).isEqualTo(48);
        assertThat(VoiceRecipe.steps(2000, 16, 300)).isEqualTo(300);
        assertThat(VoiceRecipe.steps(95, 16, 2)).isEqualTo(2); // a test's cap wins over the floor
    }

    @Test
    void fineTunesTheBaseWithItsConvolutionsFrozenAndValidatesOnTheHeldOutTakes() throws Exception {
        RunConfig run = VoiceRecipe.of("my voice", demoModel, 95, VoiceRecipe.MAX_STEPS);

        assertThat(run.data().dataset()).isEqualTo("my voice");
        assertThat(run.data().trainSplits()).containsExactly(Split.TRAIN);
        assertThat(run.data().valSplits()).containsExactly(Split.TEST);
        assertThat(run.train().initFrom())
                .isEqualTo(demoModel.toAbsolutePath().normalize().toString());
        assertThat(run.train().freeze()).isEqualTo(List.of("conv"));
        assertThat(run.train().maxSteps()).isEqualTo(48);
        assertThat(run.optim().lr()).isEqualTo(5.0e-4);
        assertThat(run.optim().schedule().warmupSteps()).isEqualTo(10);
        assertThat(RunConfigValidator.validate(run, Path.of(""))).isEmpty();
    }

    @Test
    void aTrialOfTwoStepsWarmsUpInOne() throws Exception {
        RunConfig run = VoiceRecipe.of("my voice", demoModel, 16, 2);

        assertThat(run.train().maxSteps()).isEqualTo(2);
        assertThat(run.optim().schedule().warmupSteps()).isEqualTo(1);
        assertThat(RunConfigValidator.validate(run, Path.of(""))).isEmpty();
    }
}
