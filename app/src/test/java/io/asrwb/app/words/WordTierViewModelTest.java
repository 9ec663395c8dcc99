package io.asrwb.app.words;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.ClipAlignment;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The word tiers' view model as a plain object on real parts: demo clips in a real H2 catalog, the
 * demo model aligning them, the real waveform view model playing spans.
 */
class WordTierViewModelTest {

    @TempDir Path dir;
    private Catalog catalog;
    private DatasetsViewModel datasets;
    private WaveformViewModel waveform;
    private WordTierViewModel vm;
    private String first;

    @BeforeEach
    void importThreeDemoClips() {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 3));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
        datasets = new DatasetsViewModel(ctx);
        datasets.importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        first = datasets.visibleUtterances().get(0).id();
        waveform = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        vm = new WordTierViewModel(ctx, waveform.spans());
        vm.modelProperty().set(demoModel());
    }

    @AfterEach
    void close() {
        waveform.close();
        catalog.close();
    }

    private static Path demoModel() {
        return DemoAlignment.demoModel();
    }

    private void alignTheSplit() throws Exception {
        DemoAlignment.storeTestSplit(catalog, "mini");
    }

    private StoredAlignment stored(String id) {
        return ClipAlignment.newest(catalog, "mini", id).orElseThrow().words();
    }

    private static List<TimeSpan> spans(List<WordSpan> words) {
        return words.stream().map(WordSpan::span).toList();
    }

    private static List<TimeSpan> stored(List<AlignedWord> words) {
        return words.stream().map(w -> new TimeSpan(w.startSec(), w.endSec())).toList();
    }

    @Test
    void withoutAStoredAlignmentItSaysSoThenAlignsTheClipOnDemandWithoutStoringIt() {
        vm.show("mini", SplitChoice.TEST, first);

        assertThat(vm.tierProperty().get()).isNull();
        assertThat(vm.statusProperty().get())
                .isEqualTo(
                        "No stored alignment of this clip: Align (Ctrl+Shift+A) with demo-model");

        vm.align();

        WordTier t = vm.tierProperty().get();
        assertThat(t).isNotNull();
        String reference = datasets.visibleUtterances().get(0).transcript();
        assertThat(t.reference())
                .extracting(WordSpan::word)
                .containsExactly(reference.toLowerCase(java.util.Locale.ROOT).split(" "));
        assertThat(t.hypothesis()).isNotEmpty();
        assertThat(t.reference()).allSatisfy(w -> assertThat(w.confidence()).isBetween(0.0, 1.0));
        assertThat(vm.statusProperty().get()).startsWith("Words aligned by demo-model, step ");
        assertThat(ClipAlignment.newest(catalog, "mini", first)).as("not stored").isEmpty();
    }

    @Test
    void theNewestStoredAlignmentIsShownAsStored() throws Exception {
        alignTheSplit();

        vm.show("mini", SplitChoice.TEST, first);

        StoredAlignment s = stored(first);
        WordTier t = vm.tierProperty().get();
        assertThat(spans(t.reference())).isEqualTo(stored(s.referenceWords()));
        assertThat(spans(t.hypothesis())).isEqualTo(stored(s.hypothesisWords()));
        assertThat(t.reference())
                .extracting(WordSpan::confidence)
                .isEqualTo(s.referenceWords().stream().map(AlignedWord::confidence).toList());
        assertThat(vm.selectedProperty().get()).as("nothing asked for").isNull();
    }

    @Test
    void anExpectedClipOpensWithTheAskedWordSelectedOnTheWaveform() throws Exception {
        alignTheSplit();
        vm.expect(
                new ClipRequest(
                        "mini",
                        SplitChoice.TEST,
                        first,
                        Optional.of(new WordFocus(WordSpan.Tier.REFERENCE, 1)),
                        null));

        vm.show("mini", SplitChoice.TEST, first);

        AlignedWord second = stored(first).referenceWords().get(1);
        TimeSpan expected = new TimeSpan(second.startSec(), second.endSec());
        assertThat(vm.selectedProperty().get().span()).isEqualTo(expected);
        assertThat(waveform.spans().selectionProperty().get()).isEqualTo(expected);

        vm.show("mini", SplitChoice.TEST, datasets.visibleUtterances().get(1).id());
        assertThat(waveform.spans().selectionProperty().get())
                .as("another clip: the request is used up")
                .isNull();
    }

    @Test
    void anExpectedClipWithNoStoredWordsIsAlignedWithTheRequestsCheckpoint() {
        vm.modelProperty().set(null);
        vm.expect(
                new ClipRequest(
                        "mini",
                        SplitChoice.TEST,
                        first,
                        Optional.of(new WordFocus(WordSpan.Tier.REFERENCE, 0)),
                        demoModel()));

        vm.show("mini", SplitChoice.TEST, first);

        assertThat(vm.tierProperty().get()).isNotNull();
        assertThat(vm.selectedProperty().get())
                .isEqualTo(vm.tierProperty().get().reference().get(0));
    }

    @Test
    void playingAWordSelectsItAndPutsTheCursorAtItsStart() throws Exception {
        alignTheSplit();
        waveform.load(datasetsAudio(0));
        vm.show("mini", SplitChoice.TEST, first);
        WordSpan last =
                vm.tierProperty()
                        .get()
                        .reference()
                        .get(vm.tierProperty().get().reference().size() - 1);

        vm.play(last);

        assertThat(waveform.spans().selectionProperty().get()).isEqualTo(last.span());
        int rate = waveform.audioProperty().get().sampleRate();
        assertThat(waveform.cursorProperty().get()).isEqualTo(Math.round(last.startSec() * rate));

        vm.next();
        assertThat(vm.selectedProperty().get())
                .as("after the reference row's last word: the hypothesis row's first")
                .isEqualTo(vm.tierProperty().get().hypothesis().get(0));
        vm.previous();
        vm.previous();
        assertThat(vm.selectedProperty().get().index())
                .isEqualTo(vm.tierProperty().get().reference().size() - 2);
    }

    private Path datasetsAudio(int row) {
        return datasets.audioPathOf(datasets.visibleUtterances().get(row)).orElseThrow();
    }
}
