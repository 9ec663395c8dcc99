package io.asrwb.app.relabel;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.WaveformViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.relabel.RelabelCandidate;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Re-label tab's view model as a plain object on a real catalog with a real eval. */
class RelabelViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private DatasetsViewModel datasets;
    private WaveformViewModel player;
    private RelabelViewModel vm;
    private String planted;

    @BeforeEach
    void evaluateAMislabelledSubset() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        datasets = new DatasetsViewModel(ctx);
        planted = RelabelFixture.prepare(dir, ctx, datasets);
        player = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        vm = new RelabelViewModel(ctx, datasets, player);
        vm.refresh();
    }

    @AfterEach
    void close() {
        player.close();
        catalog.close();
    }

    @Test
    void thePlantedLabelComesFirstAndAcceptingTheHypothesisCuratesItWithUndo() {
        RelabelCandidate top = vm.selectedProperty().get();
        assertThat(top.uttId()).isEqualTo(planted);
        assertThat(top.transcript()).isEqualTo(RelabelFixture.WRONG);
        String heard = top.hypothesis();
        assertThat(heard).isNotBlank().isNotEqualTo(RelabelFixture.WRONG);

        vm.accept();

        assertThat(curation(planted)).map(CurationState::editedTranscript).contains(heard);
        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(planted);
        assertThat(vm.statusProperty().get()).startsWith("Accepted: " + planted);

        vm.undo();

        assertThat(curation(planted)).isEmpty();
        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(planted);

        vm.refresh();
        assertThat(vm.rows().get(0).uttId())
                .as("an undone accept is doubtful again")
                .isEqualTo(planted);
    }

    @Test
    void skipLeavesTheQueueForTheSessionOnlyAndUndoBringsItBack() {
        vm.skip();

        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(planted);
        vm.refresh();
        assertThat(vm.rows()).extracting(RelabelCandidate::uttId).doesNotContain(planted);
        assertThat(curation(planted)).as("a skip writes nothing").isEmpty();

        vm.undo();

        assertThat(vm.selectedProperty().get().uttId()).isEqualTo(planted);
    }

    @Test
    void playDecodesTheClipAndEditByHandSavesTheTypedTranscript() {
        vm.play();

        assertThat(player.audioProperty().get())
                .as("the selected clip, decoded; status: " + vm.statusProperty().get())
                .isNotNull();
        assertThat(player.audioProperty().get().samples()).isNotEmpty();

        vm.edit("  the words by hand ");

        assertThat(curation(planted))
                .map(CurationState::editedTranscript)
                .contains("the words by hand");
        assertThat(vm.rows()).as("only the planted clip was in doubt").isEmpty();
        assertThat(vm.selectedProperty().get()).isNull();
    }

    private Optional<CurationState> curation(String id) {
        return catalog.read(
                c ->
                        new CurationRepository(c)
                                .get(datasets.selectedProperty().get().dataset().id(), id));
    }
}
