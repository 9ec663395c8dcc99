package io.asrwb.app.relabel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.errors.ErrorsViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Six short test clips of the demo corpus as dataset "mini", the third labelled {@link #WRONG}
 * (another clip's words: a swapped transcript), evaluated once by the bundled demo model through
 * the Errors tab's view model, so the catalog holds a real eval.
 */
final class RelabelFixture {

    static final String WRONG = "please turn left";

    private RelabelFixture() {}

    /** Imports, evaluates and leaves "mini" selected in {@code datasets}; returns the planted id. */
    static String prepare(Path dir, AppContext ctx, DatasetsViewModel datasets) throws IOException {
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 6));
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
