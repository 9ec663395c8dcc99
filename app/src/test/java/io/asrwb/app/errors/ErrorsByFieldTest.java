package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.analysis.ErrorReport;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Errors tab's "WER by" chooser lists the manifest fields the clips carry and groups by one. */
class ErrorsByFieldTest {

    @TempDir Path dir;

    @Test
    void listsTheFieldsPresentAndGroupsTheWerByTheChosenOne() throws Exception {
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 5));
        List<String> lines = new ArrayList<>();
        int i = 0;
        for (String line : Files.readAllLines(manifest)) {
            ObjectNode o = (ObjectNode) Json.mapper().readTree(line);
            o.put("accent", i % 2 == 0 ? "scottish" : "welsh");
            if (i < 2) {
                o.put("mic", "headset");
            }
            lines.add(Json.mapper().writeValueAsString(o));
            i++;
        }
        Files.write(manifest, lines);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            AppContext ctx =
                    new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
            new DatasetsViewModel(ctx)
                    .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
            ErrorsViewModel vm = new ErrorsViewModel(ctx);
            vm.datasetProperty().set("mini");
            vm.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));

            vm.evaluate();

            assertThat(vm.fields()).containsExactly("accent", "mic");
            assertThat(vm.byFieldProperty().get()).isEqualTo("accent");
            assertThat(vm.byFieldRows())
                    .extracting(ErrorReport.GroupWer::key, ErrorReport.GroupWer::utterances)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("scottish", 3),
                            org.assertj.core.groups.Tuple.tuple("welsh", 2));

            vm.byFieldProperty().set("mic");

            assertThat(vm.byFieldRows())
                    .extracting(ErrorReport.GroupWer::key, ErrorReport.GroupWer::utterances)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple("", 3),
                            org.assertj.core.groups.Tuple.tuple("headset", 2));
        }
    }
}
