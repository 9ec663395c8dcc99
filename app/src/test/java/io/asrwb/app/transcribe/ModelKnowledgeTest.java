package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The view model says what the chosen model knows, read on the background executor: the demo
 * model's LM words and its training hours, a tiny run's training text, the words searchable.
 */
class ModelKnowledgeTest {

    private final List<Runnable> background = new ArrayList<>();

    private TranscribeViewModel viewModel() {
        return new TranscribeViewModel(
                new CurrentThreadTaskRunner(), null, Runnable::run, background::add);
    }

    /** Runs what the view model left for its background thread. */
    private void runBackground() {
        while (!background.isEmpty()) {
            background.remove(0).run();
        }
    }

    @Test
    void theDemoModelsVocabularyAndTrainingDataAreShownOnceRead() {
        assumeTrue(ModelChoices.demoModel().isPresent(), "the demo model is bundled");
        TranscribeViewModel vm = viewModel();
        vm.refreshModels();
        vm.modelProperty().set(ModelChoices.demoModel().orElseThrow()); // not the streaming one
        assertThat(vm.vocabularyLineProperty().get())
                .as("not before the background ran")
                .isEqualTo("Reading what the model knows…");

        runBackground();

        assertThat(vm.vocabularyLineProperty().get())
                .isEqualTo(
                        "vocabulary: 61 words (from lm.arpa): again, around, back, call, cancel,"
                                + " degrees, dial, down and 53 more");
        assertThat(vm.trainedOnLineProperty().get())
                .isEqualTo(
                        "trained on: 16.8 h, 34 286 utterances, 739 voices, all synthetic"
                                + " (espeak-ng, flite)");
        assertThat(vm.vocabularyWords()).hasSize(61).contains("zero").doesNotContain("<unk>");

        vm.wordFilterProperty().set("TEEN");
        assertThat(vm.vocabularyWords())
                .containsExactly(
                        "eighteen",
                        "fifteen",
                        "fourteen",
                        "nineteen",
                        "seventeen",
                        "sixteen",
                        "thirteen");
        vm.wordFilterProperty().set("");
        assertThat(vm.vocabularyWords()).hasSize(61);
    }

    @Test
    void aRunsCheckpointShowsItsTrainingTextAndALaterChoiceWins() throws Exception {
        TinyRun run = TinyRun.get();
        TranscribeViewModel vm = viewModel();
        vm.chooseFolder(run.runDir);
        vm.modelProperty().set(null); // chosen away before the first was read
        runBackground();
        assertThat(vm.vocabularyLineProperty().get()).isEmpty();
        assertThat(vm.vocabularyWords()).isEmpty();

        vm.chooseFolder(run.runDir);
        runBackground();
        assertThat(vm.vocabularyLineProperty().get())
                .startsWith("vocabulary: ")
                .contains(" words (from the training text): ");
        assertThat(vm.trainedOnLineProperty().get())
                .startsWith("trained on: ")
                .contains(" utterances, ")
                .endsWith("real or synthetic not recorded");
        assertThat(vm.vocabularyWords()).isNotEmpty().isSorted();
    }
}
