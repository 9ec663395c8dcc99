package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keep the last N and the best k by WER; never the checkpoint `latest` names. */
class CheckpointRetentionTest {

    @TempDir Path runDir;

    @Test
    void keepsTheLastNAndTheBestKByWer() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        CheckpointStore store = CheckpointStore.open(runDir, new RetentionPolicy(2, 2));
        double[] werByStep = {0.9, 0.3, 0.8, 0.2, 0.7, 0.6, 0.65};

        for (int step = 1; step <= werByStep.length; step++) {
            store.save(graph, TinyGraphs.stateFor(graph, step, werByStep[step - 1]));
        }

        // best two by WER: steps 4 (0.2) and 2 (0.3); last two: 6 and 7
        assertThat(store.checkpoints())
                .extracting(Checkpoint::step)
                .containsExactly(2L, 4L, 6L, 7L);
        assertThat(store.latest()).map(Checkpoint::step).hasValue(7L);
    }

    @Test
    void tiesInWerGoToTheEarlierStep() {
        Map<Long, Double> wer = Map.of(1L, 0.5, 2L, 0.4, 3L, 0.4, 4L, 0.9, 5L, 0.9);

        assertThat(new RetentionPolicy(1, 1).stepsToDelete(wer, Set.of()))
                .containsExactlyInAnyOrder(1L, 3L, 4L);
    }

    @Test
    void checkpointsWithoutWerCountOnlyAsRecent() {
        Map<Long, Double> wer = new HashMap<>();
        wer.put(1L, null);
        wer.put(2L, 0.5);
        wer.put(3L, null);
        wer.put(4L, null);

        assertThat(new RetentionPolicy(1, 1).stepsToDelete(wer, Set.of()))
                .containsExactlyInAnyOrder(1L, 3L);
    }

    @Test
    void neverDeletesAProtectedStep() {
        Map<Long, Double> wer = Map.of(1L, 0.9, 2L, 0.9, 3L, 0.9);

        assertThat(new RetentionPolicy(1, 0).stepsToDelete(wer, Set.of(1L))).containsExactly(2L);
    }

    @Test
    void theJustSavedCheckpointSurvivesEvenWhenNotTheNewestByStep() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        CheckpointStore keepAll = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        keepAll.save(graph, TinyGraphs.stateFor(graph, 1, null));
        keepAll.save(graph, TinyGraphs.stateFor(graph, 5, null));

        CheckpointStore store = CheckpointStore.open(runDir, new RetentionPolicy(1, 0));
        store.save(graph, TinyGraphs.stateFor(graph, 2, null));

        assertThat(store.checkpoints()).extracting(Checkpoint::step).containsExactly(2L, 5L);
    }

    @Test
    void discardAfterRemovesTheCheckpointsOfAnAbandonedContinuation() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        for (int step = 1; step <= 4; step++) {
            store.save(graph, TinyGraphs.stateFor(graph, step, null));
        }

        store.discardAfter(2);

        assertThat(store.checkpoints()).extracting(Checkpoint::step).containsExactly(1L, 2L);
        assertThat(store.latest()).map(Checkpoint::step).hasValue(2L);
    }

    @Test
    void rejectsAPolicyThatKeepsNothing() {
        assertThatThrownBy(() -> new RetentionPolicy(0, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keepLast >= 1");
    }
}
