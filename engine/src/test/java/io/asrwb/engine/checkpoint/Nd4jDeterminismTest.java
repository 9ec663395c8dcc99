package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Pins that ND4J on CPU is deterministic run to run: two fresh graphs with the same seed trained on
 * the same data give bit-identical parameters. Exact resume relies on it; if a BLAS or thread
 * setting ever breaks it, this test says so before the resume tests do.
 */
class Nd4jDeterminismTest {

    @Test
    void twoFreshGraphsWithTheSameSeedTrainToIdenticalParameters() {
        assertThat(paramsAfterFiveAdamSteps(false)).isEqualTo(paramsAfterFiveAdamSteps(false));
    }

    @Test
    void alsoWithDropoutDrawingFromNd4jsGenerator() {
        assertThat(paramsAfterFiveAdamSteps(true)).isEqualTo(paramsAfterFiveAdamSteps(true));
    }

    private static INDArray paramsAfterFiveAdamSteps(boolean dropout) {
        ComputationGraph graph = TinyGraphs.newGraph(dropout);
        for (int step = 0; step < 5; step++) {
            graph.fit(TinyGraphs.batch(step));
        }
        return graph.params().dup();
    }
}
