package io.asrwb.engine.align;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A split aligned a batch at a time, with progress, a cancel between batches, bad audio named. */
class SplitAlignerTest {

    @Test
    void alignsBatchByBatchReportsProgressAndStopsWhenCancelled() throws Exception {
        List<Utterance> utterances = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(DemoSubset.demoCorpus().resolve("test.jsonl"))) {
            JsonNode u = json.readTree(line);
            if (utterances.size() < 6) {
                utterances.add(
                        new Utterance(
                                "u" + utterances.size(),
                                DemoSubset.demoCorpus()
                                        .resolve(u.path("audio_filepath").asText())
                                        .toString(),
                                u.path("duration").asDouble(),
                                u.path("text").asText(),
                                u.path("speaker").asText(),
                                Split.TEST));
            }
        }
        utterances.add(
                new Utterance("missing", "/nonexistent/clip.wav", 1.0, "stop", "", Split.TEST));
        SplitAligner aligner =
                new SplitAligner(
                        Transcriber.greedy(
                                TrainedModel.load(
                                        DemoSubset.demoCorpus().resolveSibling("demo-model"))),
                        3);
        List<List<UtteranceAlignment>> batches = new ArrayList<>();
        List<String> progress = new ArrayList<>();
        AlignListener listener =
                new AlignListener() {
                    @Override
                    public void aligned(List<UtteranceAlignment> batch) {
                        batches.add(batch);
                    }

                    @Override
                    public void progress(int done, int total) {
                        progress.add(done + "/" + total);
                    }
                };

        int all = aligner.run(utterances, listener, () -> false);

        assertThat(all).isEqualTo(7);
        assertThat(batches).extracting(List::size).containsExactly(3, 3, 1);
        assertThat(progress).containsExactly("0/7", "3/7", "6/7", "7/7");
        UtteranceAlignment missing =
                batches.stream()
                        .flatMap(List::stream)
                        .filter(a -> a.id().equals("missing"))
                        .findFirst()
                        .orElseThrow();
        assertThat(AlignmentRepository.status(missing)).isEqualTo(AlignmentRepository.FAILED);
        assertThat(batches.stream().flatMap(List::stream).filter(a -> !a.id().equals("missing")))
                .allSatisfy(
                        a ->
                                assertThat(AlignmentRepository.status(a))
                                        .isEqualTo(AlignmentRepository.ALIGNED));

        batches.clear();
        int beforeCancel = aligner.run(utterances, listener, () -> !batches.isEmpty());

        assertThat(beforeCancel).isEqualTo(3);
        assertThat(batches).hasSize(1);
    }
}
