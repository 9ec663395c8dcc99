package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Save, load, and the next steps equal the uninterrupted run's, bit for bit (DL4J on CPU). */
class CheckpointResumeTest {

    @TempDir Path runDir;

    @Test
    void loadGivesBackParametersUpdaterStateAndState() throws IOException {
        ComputationGraph graph = trained(TinyGraphs.newGraph(false), 3);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        CheckpointState state = TinyGraphs.stateFor(graph, 3, 0.5);

        store.save(graph, state);
        LoadedCheckpoint loaded =
                store.load(store.latest().orElseThrow(), TinyGraphs.identity(graph));

        assertThat(loaded.graph().params()).isEqualTo(graph.params());
        assertThat(loaded.graph().getUpdater().getStateViewArray())
                .isEqualTo(graph.getUpdater().getStateViewArray());
        assertThat(loaded.graph().getConfiguration().getIterationCount()).isEqualTo(3);
        assertThat(loaded.state()).isEqualTo(state);
        assertThat(loaded.checkpoint().directory().getFileName()).hasToString("step-000000003");
    }

    @Test
    void nextStepsAfterLoadAreBitwiseThoseOfTheUninterruptedRun() throws IOException {
        assertResumeIsExact(false);
    }

    @Test
    void withDropoutTheRestoredNd4jGeneratorKeepsResumeExact() throws IOException {
        assertResumeIsExact(true);
    }

    @Test
    void withDropoutResumeDivergesWhenTheNd4jGeneratorIsNotRestored() throws IOException {
        // shows the generator state in state.json is what makes the dropout test above pass
        ComputationGraph straight = trained(TinyGraphs.newGraph(true), 3);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        store.save(straight, TinyGraphs.stateFor(straight, 3, null));
        trained(straight, 2);

        LoadedCheckpoint loaded = store.load(store.latest().orElseThrow());
        ComputationGraph resumed = trained(loaded.graph(), 2);

        assertThat(resumed.params()).isNotEqualTo(straight.params());
    }

    private void assertResumeIsExact(boolean dropout) throws IOException {
        ComputationGraph straight = trained(TinyGraphs.newGraph(dropout), 3);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        store.save(straight, TinyGraphs.stateFor(straight, 3, null));
        double[] straightScores = scoresOfNextSteps(straight, 3);
        INDArray straightParams = straight.params().dup();

        // something else uses ND4J's generator between save and load, as a new process would
        TinyGraphs.newGraph(true);
        LoadedCheckpoint loaded = store.load(store.latest().orElseThrow());
        loaded.restoreNd4jRandom();
        double[] resumedScores = scoresOfNextSteps(loaded.graph(), 3);

        assertThat(resumedScores).isEqualTo(straightScores);
        assertThat(loaded.graph().params()).isEqualTo(straightParams);
    }

    private static ComputationGraph trained(ComputationGraph graph, int steps) {
        scoresOfNextSteps(graph, steps);
        return graph;
    }

    private static double[] scoresOfNextSteps(ComputationGraph graph, int steps) {
        double[] scores = new double[steps];
        int done = graph.getConfiguration().getIterationCount();
        for (int i = 0; i < steps; i++) {
            graph.fit(TinyGraphs.batch(done + i));
            scores[i] = graph.score();
        }
        return scores;
    }
}
