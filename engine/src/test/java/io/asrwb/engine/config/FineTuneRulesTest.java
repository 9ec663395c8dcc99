package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The config rules of train.init_from and train.freeze, through the validator. */
class FineTuneRulesTest {

    private static RunConfig tiny(String initFrom, List<String> freeze) {
        RunConfig tiny = Presets.load("tiny");
        return tiny.withTrain(tiny.train().withInitFrom(initFrom, freeze));
    }

    private static List<String> freezeProblems(RunConfig config) {
        return RunConfigValidator.validate(config, Path.of("")).stream()
                .filter(v -> v.path().equals("train.freeze"))
                .map(ConfigViolation::message)
                .toList();
    }

    @Test
    void theNamesFollowTheModel() {
        assertThat(FreezeNames.of(Presets.load("tiny").model()))
                .containsExactly("conv", "conv.0", "rnn", "rnn.0", "output");
        assertThat(FreezeNames.of(Presets.load("small").model()))
                .containsExactly(
                        "conv", "conv.0", "conv.1", "rnn", "rnn.0", "rnn.1", "rnn.2", "output");
    }

    @Test
    void knownNamesWithAnInitPass() {
        assertThat(freezeProblems(tiny("ckpt", List.of("conv", "rnn.0")))).isEmpty();
        assertThat(freezeProblems(tiny("ckpt", List.of()))).isEmpty();
    }

    @Test
    void anUnknownNameIsRefusedListingTheValidOnes() {
        assertThat(freezeProblems(tiny("ckpt", List.of("rnn.3"))))
                .containsExactly(
                        "no layer 'rnn.3' in this model; its layers are conv, conv.0, rnn, rnn.0,"
                                + " output");
    }

    @Test
    void freezingWithoutAnInitOrEveryLayerIsRefused() {
        assertThat(freezeProblems(tiny("", List.of("conv"))))
                .singleElement()
                .asString()
                .contains("set train.init_from");
        assertThat(freezeProblems(tiny("ckpt", List.of("conv", "rnn", "output"))))
                .singleElement()
                .asString()
                .contains("nothing would train");
    }
}
