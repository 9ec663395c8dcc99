package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Choosing a model loads and runs it in the background before the first push: the first
 * transcription then reads no model from disk (the loads counter, not a clock).
 */
class ModelWarmUpTest {

    private TinyRun run;
    private Catalog catalog;
    private final List<Runnable> background = new ArrayList<>();
    private TranscribeViewModel vm;

    @BeforeEach
    void open() throws Exception {
        run = TinyRun.get();
        catalog = Catalog.open(run.catalog);
        vm =
                new TranscribeViewModel(
                        new CurrentThreadTaskRunner(), catalog, Runnable::run, background::add);
    }

    @AfterEach
    void close() {
        catalog.close();
    }

    @Test
    void theChosenModelIsWarmBeforeTheFirstTranscription() throws Exception {
        Path checkpoint = run.latestCheckpoint();
        vm.chooseFolder(run.runDir);
        assertThat(vm.warmModelProperty().get()).as("not before the background ran").isNull();
        assertThat(background).isNotEmpty();

        background.forEach(Runnable::run);
        background.clear();

        assertThat(vm.warmModelProperty().get()).isEqualTo(checkpoint);
        assertThat(vm.loadsForTest()).isEqualTo(1);
        assertThat(vm.forwardPassesForTest()).as("the warm-up is not a transcription").isZero();

        vm.transcribeFile(TinyRun.demoAudio());

        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.transcriptProperty().get()).isNotNull();
        assertThat(vm.loadsForTest()).as("the first transcription loaded nothing").isEqualTo(1);
        assertThat(vm.forwardPassesForTest()).isEqualTo(1);
    }

    @Test
    void theDemoModelsLanguageModelIsReadWithItsModel() {
        assumeTrue(ModelChoices.demoModel().isPresent(), "the demo model is bundled");
        vm.modelProperty().set(ModelChoices.demoModel().orElseThrow());
        assertThat(vm.languageModelReadForTest()).as("not before the background ran").isFalse();

        background.forEach(Runnable::run);
        background.clear();

        assertThat(vm.languageModelReadForTest()).as("its lm.arpa, before the first push").isTrue();
    }
}
