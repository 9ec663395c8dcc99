package io.asrwb.app.relabel;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.relabel.RelabelCandidate;
import io.asrwb.engine.store.CurationState;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Re-label tab headless, driven by its keys alone: A, Ctrl+Z, S, E … Enter, P. */
class RelabelViewUiTest extends FxRobot {

    @TempDir Path dir;
    private RelabelFixture.Opened f;
    private RelabelViewModel vm;
    private String planted;

    @BeforeEach
    void show() throws Exception {
        f = RelabelFixture.open(dir);
        vm = f.vm();
        planted = f.planted();
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new RelabelView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1200);
                    stage.setHeight(600);
                    stage.show();
                });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        f.close();
    }

    @Test
    void theKeysAcceptUndoSkipEditAndPlay() {
        TableView<?> queue = lookup("#relabel-queue").queryAs(TableView.class);
        assertThat(queue.getItems()).isNotEmpty();
        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(planted);
        assertThat(text("#relabel-transcript")).isEqualTo("Transcript: " + RelabelFixture.WRONG);
        assertThat(text("#relabel-evals")).startsWith("CER in 1 eval: step ");
        String heard = vm.selectedProperty().get().hypothesis();
        assertThat(text("#relabel-hypothesis")).endsWith(heard);
        clickOn(queue.lookup(".table-row-cell"));
        interact(() -> vm.selectedProperty().set(candidate(planted)));

        type(KeyCode.A);
        assertThat(curation()).map(CurationState::editedTranscript).contains(heard);
        assertThat(ids(queue)).doesNotContain(planted);

        press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(curation()).isEmpty();
        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(planted);

        type(KeyCode.S);
        assertThat(ids(queue)).doesNotContain(planted);
        assertThat(text("#relabel-status")).startsWith("Skipped " + planted);
        press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(planted);

        type(KeyCode.E);
        TextField edit = lookup("#relabel-edit").queryAs(TextField.class);
        assertThat(edit.isVisible()).isTrue();
        assertThat(edit.getText()).isEqualTo(heard);
        interact(edit::clear);
        write("two words");
        type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(curation()).map(CurationState::editedTranscript).contains("two words");
        assertThat(edit.isVisible()).isFalse();
        press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(curation()).isEmpty();

        type(KeyCode.P);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(f.player().audioProperty().get()).isNotNull();
        assertThat(text("#relabel-status")).isNotBlank();

        type(KeyCode.ENTER);
        assertThat(curation()).map(CurationState::editedTranscript).contains(heard);
    }

    private RelabelCandidate candidate(String id) {
        return vm.rows().stream().filter(c -> c.uttId().equals(id)).findFirst().orElseThrow();
    }

    private static java.util.List<String> ids(TableView<?> queue) {
        return queue.getItems().stream().map(r -> ((RelabelCandidate) r).uttId()).toList();
    }

    private String text(String id) {
        return lookup(id).queryAs(Label.class).getText();
    }

    private Optional<CurationState> curation() {
        return f.curation();
    }
}
