package io.asrwb.engine.train;

import io.asrwb.engine.config.ConvLayer;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.config.ModelConfig;
import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedBiLstm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.model.loss.CtcLossLayer;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToRnnPreProcessor;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.learning.config.IUpdater;
import org.nd4j.linalg.learning.config.Nesterovs;

/**
 * Builds a run's acoustic model as a DL4J graph ending in the CTC loss, with its optimizer.
 *
 * <p>The seam for the layers branch's {@code ModelSpec → ComputationGraph} builder: until it lands,
 * DS2 is built here from the engine's mask-aware layers, and Wav2Letter is refused.
 */
public final class SpeechModels {

  /** The graph's input and output names. */
  public static final String INPUT = "features";

  public static final String OUTPUT = "ctc";

  private SpeechModels() {}

  /**
   * A freshly initialised model.
   *
   * @param featureCount values per input frame
   * @param classes output labels, blank included
   * @param learningRate the run's schedule, read at the run's step
   */
  public static ComputationGraph build(
      ModelConfig model,
      OptimConfig optim,
      StepLearningRate learningRate,
      int featureCount,
      int classes,
      long seed) {
    if (!(model instanceof Ds2Config ds2)) {
      throw new IllegalArgumentException(
          "model.type: " + ModelConfig.typeOf(model) + " is not trainable in this build yet"
              + " (only ds2); choose model.type: ds2");
    }
    NeuralNetConfiguration.Builder base =
        new NeuralNetConfiguration.Builder()
            .seed(seed)
            .dataType(DataType.FLOAT)
            .updater(updater(optim, learningRate));
    if (optim.weightDecay() > 0) {
      if (optim.optimizer() == OptimConfig.Optimizer.ADAMW) {
        base.weightDecay(optim.weightDecay(), true);
      } else {
        base.l2(optim.weightDecay());
      }
    }
    ComputationGraphConfiguration.GraphBuilder graph = base.graphBuilder().addInputs(INPUT);
    String previous = INPUT;
    long channels = 1;
    int index = 0;
    for (ConvLayer conv : ds2.conv()) {
      String name = "conv" + index++;
      graph.addLayer(
          name,
          new MaskedConv2d(
              name,
              channels,
              conv.channels(),
              new ConvGeometry(
                  conv.kernelFreq(),
                  conv.kernelTime(),
                  conv.strideFreq(),
                  conv.strideTime(),
                  conv.padFreq(),
                  conv.padTime()),
              FrontEndActivation.HARDTANH_0_20),
          previous);
      previous = name;
      channels = conv.channels();
    }
    DirectionMerge merge =
        ds2.merge() == Ds2Config.DirectionMerge.SUM ? DirectionMerge.SUM : DirectionMerge.CONCAT;
    for (int layer = 0; layer < ds2.rnnLayers(); layer++) {
      String name = "rnn" + layer;
      graph.addLayer(name, new MaskedBiLstm(name, ds2.hiddenSize(), merge), previous);
      previous = name;
    }
    graph
        .addLayer(
            "classes",
            new DenseLayer.Builder().nOut(classes).activation(Activation.IDENTITY).build(),
            previous)
        .addLayer(OUTPUT, new CtcLossLayer(), "classes")
        .inputPreProcessor(OUTPUT, new FeedForwardToRnnPreProcessor())
        .setOutputs(OUTPUT)
        .setInputTypes(InputType.recurrent(featureCount));
    ComputationGraph built = new ComputationGraph(graph.build());
    built.init();
    return built;
  }

  private static IUpdater updater(OptimConfig optim, StepLearningRate learningRate) {
    return switch (optim.optimizer()) {
      case ADAM, ADAMW -> {
        Adam adam = new Adam(learningRate);
        adam.setBeta1(optim.beta1());
        adam.setBeta2(optim.beta2());
        adam.setEpsilon(optim.epsilon());
        yield adam;
      }
      case SGD_NESTEROV -> new Nesterovs(learningRate, optim.momentum());
    };
  }
}
