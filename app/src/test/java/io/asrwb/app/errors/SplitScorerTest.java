package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Decoding in chunks (for progress and cancel) gives what one pass over the split gives. */
class SplitScorerTest {

    @TempDir Path dir;

    @Test
    void chunksDecodeEveryUtteranceAsOnePassDoesWithProgressToTheEnd() throws Exception {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 40));
            new DatasetsViewModel(
                            new AppContext(
                                    catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                    .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
            Path checkpoint = DemoSubset.demoCorpus().resolveSibling("demo-model");
            List<long[]> steps = new ArrayList<>();
            TaskContext recording =
                    new TaskContext() {
                        @Override
                        public void progress(long done, long total, String message) {
                            steps.add(new long[] {done, total});
                        }

                        @Override
                        public boolean isCancelled() {
                            return false;
                        }
                    };

            List<ErrorRow> chunked =
                    SplitScorer.score(catalog, "mini", SplitChoice.TEST, checkpoint, recording);

            TrainedModel trained = TrainedModel.load(checkpoint);
            Transcriber transcriber = ModelDecoding.of(trained).transcriber(trained);
            List<Utterance> all =
                    CatalogCorpus.split(
                            catalog,
                            "mini",
                            SplitChoice.TEST,
                            transcriber.model().alphabet().alphabet(),
                            transcriber.normaliser());
            Map<String, String> onePass =
                    SplitScorer.validation(transcriber, all)
                            .run(trained.graph(), 0)
                            .utterances()
                            .stream()
                            .collect(
                                    Collectors.toMap(
                                            UtteranceResult::id, UtteranceResult::hypothesis));
            assertThat(all).hasSize(40);
            assertThat(steps).hasSizeGreaterThan(1);
            assertThat(steps.get(steps.size() - 1)).containsExactly(40, 40);
            assertThat(chunked).hasSize(40);
            assertThat(chunked)
                    .allSatisfy(
                            r ->
                                    assertThat(r.scored().hypothesis())
                                            .isEqualTo(onePass.get(r.id())));
        }
    }
}
