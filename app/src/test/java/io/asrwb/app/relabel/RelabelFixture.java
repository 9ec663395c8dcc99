package io.asrwb.app.relabel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.errors.ErrorsViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Short test clips of the demo corpus (six in the tests) as dataset "mini", the third labelled {@link #WRONG}
 * (another clip's words: a swapped transcript), evaluated once by the bundled demo model through
 * the Errors tab's view model, so the catalog holds a real eval.
 */
final class RelabelFixture {

    static final String WRONG = "please turn left";

    private RelabelFixture() {}

    /** A catalog with the evaluated subset, the Datasets view model on it and the queue's. */
    record Opened(
            Catalog catalog,
            DatasetsViewModel datasets,
            WaveformViewModel player,
            RelabelViewModel vm,
            String planted)
            implements AutoCloseable {

        /** The planted clip's curation row, if any. */
        Optional<CurationState> curation() {
            return catalog.read(
                    c ->
                            new CurationRepository(c)
                                    .get(
                                            datasets.selectedProperty().get().dataset().id(),
                                            planted));
        }

        @Override
        public void close() {
            player.close();
            catalog.close();
        }
    }

    /** Everything on current-thread tasks, so the queue's reads finish before the call returns. */
    static Opened open(Path dir) throws IOException {
        Catalog catalog = Catalog.open(dir.resolve("catalog"));
        AppContext ctx =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "tester");
        DatasetsViewModel datasets = new DatasetsViewModel(ctx);
        String planted = prepare(dir, ctx, datasets, 2.5, 6);
        WaveformViewModel player = new WaveformViewModel(ctx.tasks(), new AudioPlayer());
        return new Opened(
                catalog, datasets, player, new RelabelViewModel(ctx, datasets, player), planted);
    }

    /**
     * Imports {@code count} test clips of at most {@code maxSeconds}, evaluates them and leaves "mini" selected in {@code
     * datasets}; returns the planted id.
     */
    static String prepare(
            Path dir, AppContext ctx, DatasetsViewModel datasets, double maxSeconds, int count)
            throws IOException {
        Path manifest = DemoSubset.write(dir.resolve("corpus"), maxSeconds, Map.of("test", count));
        List<String> lines = Files.readAllLines(manifest);
        ObjectNode o = (ObjectNode) Json.mapper().readTree(lines.get(2));
        o.put("text", WRONG);
        lines.set(2, Json.mapper().writeValueAsString(o));
        Files.write(manifest, lines);
        AppContext now =
                new AppContext(
                        ctx.catalog(), new CurrentThreadTaskRunner(), ctx.clock(), ctx.user());
        datasets.importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        ErrorsViewModel errors = new ErrorsViewModel(now);
        errors.datasetProperty().set("mini");
        errors.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
        errors.evaluate();
        String audio = o.path("audio_filepath").asText();
        return audio.substring(audio.lastIndexOf('/') + 1, audio.lastIndexOf('.'));
    }
}
