package io.asrwb.app.relabel;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.relabel.RelabelCandidate;
import io.asrwb.engine.store.CurationState;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Re-label tab's view model as a plain object on a real catalog with a real eval. */
class RelabelViewModelTest {

    @TempDir Path dir;
    private RelabelFixture.Opened f;
    private RelabelViewModel vm;

    @BeforeEach
    void evaluateAMislabelledSubset() throws Exception {
        f = RelabelFixture.open(dir);
        vm = f.vm();
        vm.refresh();
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void thePlantedLabelComesFirstAndAcceptingTheHypothesisCuratesItWithUndo() {
        RelabelCandidate top = vm.selectedProperty().get();
        assertThat(top.uttId()).isEqualTo(f.planted());
        assertThat(top.transcript()).isEqualTo(RelabelFixture.WRONG);
        String heard = top.hypothesis();
        assertThat(heard).isNotBlank().isNotEqualTo(RelabelFixture.WRONG);

        vm.accept();

        assertThat(f.curation()).map(CurationState::editedTranscript).contains(heard);
        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(f.planted());
        assertThat(vm.statusProperty().get()).startsWith("Accepted: " + f.planted());

        vm.undo();

        assertThat(f.curation()).isEmpty();
        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(f.planted());

        vm.refresh();
        assertThat(vm.rows().get(0).uttId())
                .as("an undone accept is doubtful again")
                .isEqualTo(f.planted());
    }

    @Test
    void skipLeavesTheQueueForTheSessionOnlyAndUndoBringsItBack() {
        vm.skip();

        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(f.planted());
        vm.refresh();
        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(f.planted());
        assertThat(f.curation()).as("a skip writes nothing").isEmpty();

        vm.undo();

        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(f.planted());
    }

    @Test
    void playDecodesTheClipAndEditByHandSavesTheTypedTranscript() {
        vm.play();

        assertThat(f.player().audioProperty().get())
                .as("the selected clip, decoded; status: " + vm.statusProperty().get())
                .isNotNull();
        assertThat(f.player().audioProperty().get().samples()).isNotEmpty();

        vm.edit("  the words by hand ");

        assertThat(f.curation()).map(CurationState::editedTranscript).contains("the words by hand");
        assertThat(vm.rows()).as("only the planted clip was in doubt").isEmpty();
        assertThat(vm.selectedProperty().get()).isNull();
    }
}
