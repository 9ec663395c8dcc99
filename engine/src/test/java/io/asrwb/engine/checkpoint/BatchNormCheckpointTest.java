package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.data.batching.BatchPacker;
import io.asrwb.engine.data.batching.Featurized;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.ConvLayerSpec;
import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.train.OptimizerStep;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * A DS2 with batch normalisation (after its convolutions and between its LSTMs) through the
 * checkpoint store: the running statistics are saved and restored with the weights, no updater
 * touches them, and the steps after a load are bitwise those of the uninterrupted run.
 */
class BatchNormCheckpointTest {

    private static final int BINS = 24;
    private static final int CLASSES = 6;
    private static final String[] RUNNING = {
        "conv1_bn_runningMean",
        "conv1_bn_runningVar",
        "conv2_bn_runningMean",
        "conv2_bn_runningVar",
        "lstm2_bn_runningMean",
        "lstm2_bn_runningVar"
    };

    @TempDir Path runDir;

    @Test
    void runningStatisticsRoundTripAndResumeIsBitwiseExact() throws IOException {
        Ds2Spec spec = spec();
        ComputationGraph straight = newGraph(spec);
        OptimizerStep step = new OptimizerStep(400);
        for (int i = 0; i < 3; i++) {
            assertThat(step.run(straight, batch(spec, i), i, 0).applied()).isTrue();
        }
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        store.save(straight, TinyGraphs.stateFor(straight, 3, null));
        double[] straightLosses = new double[3];
        for (int i = 3; i < 6; i++) {
            straightLosses[i - 3] = step.run(straight, batch(spec, i), i, 0).loss();
        }

        LoadedCheckpoint loaded =
                store.load(store.latest().orElseThrow(), TinyGraphs.identity(newGraph(spec)));
        ComputationGraph resumed = loaded.graph();
        loaded.restoreNd4jRandom();
        ComputationGraph fresh = newGraph(spec);
        for (String key : RUNNING) {
            // moved by three steps, away from a fresh model's 0 and 1, and restored as saved
            assertThat(resumed.getParam(key)).as(key).isNotEqualTo(fresh.getParam(key));
        }
        double[] resumedLosses = new double[3];
        for (int i = 3; i < 6; i++) {
            resumedLosses[i - 3] = step.run(resumed, batch(spec, i), i, 0).loss();
        }

        assertThat(resumedLosses).isEqualTo(straightLosses);
        assertThat(resumed.params()).isEqualTo(straight.params());
        for (String key : RUNNING) {
            assertThat(resumed.getParam(key)).as(key).isEqualTo(straight.getParam(key));
        }
        SpeechBatch probe = batch(spec, 9);
        INDArray straightScores =
                straight.output(
                                false,
                                new INDArray[] {probe.features()},
                                new INDArray[] {probe.featureMask()})[0];
        INDArray resumedScores =
                resumed.output(
                                false,
                                new INDArray[] {probe.features()},
                                new INDArray[] {probe.featureMask()})[0];
        assertThat(resumedScores).isEqualTo(straightScores);
    }

    @Test
    void runningStatisticsFollowTheBatchesNotTheUpdater() {
        // Adam with a large learning rate would move any parameter it saw by ~lr per step; the
        // running
        // mean moves by momentum × (batch mean − running mean), which a check against the batch
        // shows.
        Ds2Spec spec = spec();
        ComputationGraph graph = newGraph(spec);
        OptimizerStep step = new OptimizerStep(400);
        SpeechBatch batch = batch(spec, 0);
        INDArray updaterState = graph.getUpdater().getStateViewArray();
        long trainedValues = graph.numParams();
        for (String key : RUNNING) {
            trainedValues -= graph.getParam(key).length();
        }

        step.run(graph, batch, 0, 0);

        // Adam keeps two moments per trained value and none for the running statistics
        assertThat(updaterState.length()).isEqualTo(2 * trainedValues);
        assertThat(graph.getParam("conv1_bn_runningVar").minNumber().doubleValue())
                .isGreaterThan(0.9);
        assertThat(graph.getParam("conv1_bn_runningMean").amaxNumber().doubleValue()).isPositive();
    }

    private static Ds2Spec spec() {
        return new Ds2Spec(
                List.of(
                        new ConvLayerSpec(4, new ConvGeometry(5, 5, 2, 2, 2, 2)),
                        new ConvLayerSpec(4, new ConvGeometry(5, 5, 2, 1, 2, 2))),
                FrontEndActivation.HARDTANH_0_20,
                2,
                8,
                DirectionMerge.SUM,
                BINS,
                CLASSES,
                true,
                true);
    }

    private static ComputationGraph newGraph(Ds2Spec spec) {
        OptimConfig optim = Presets.load("tiny").optim();
        return SpeechModels.build(spec, optim, StepLearningRate.of(optim, 20, 20), 3);
    }

    /** Batch {@code index}: four utterances of different lengths, random features and labels. */
    private static SpeechBatch batch(Ds2Spec spec, int index) {
        Random random = new Random(100 + index);
        List<Featurized.Ready> ready = new ArrayList<>();
        for (int u = 0; u < 4; u++) {
            int frames = 60 - 11 * u;
            float[][] features = new float[frames][BINS];
            for (float[] frame : features) {
                for (int f = 0; f < BINS; f++) {
                    frame[f] = (float) (random.nextGaussian() + 0.5);
                }
            }
            int[] labels = new int[3 + u];
            for (int s = 0; s < labels.length; s++) {
                labels[s] = 1 + random.nextInt(CLASSES - 1);
            }
            ready.add(new Featurized.Ready("u" + u, features, labels, frames * 0.01));
        }
        return SpeechBatch.of(BatchPacker.pack(0, index, ready, List.of()), spec);
    }
}
