package io.asrwb.engine.train;

import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.FrameMasks;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Pads utterances' frames and labels into one {@link SpeechBatch} for a model. */
public final class BatchAssembler {

  private final ModelSpec model;
  private final int featureCount;

  public BatchAssembler(ModelSpec model) {
    this.model = model;
    this.featureCount = model.nBins();
  }

  /**
   * A batch of {@code utterances} whose frames {@code [T][F]} are {@code frames.get(i)}.
   *
   * @throws IllegalArgumentException when a frame has the wrong number of features
   */
  public SpeechBatch assemble(List<LabelledUtterance> utterances, List<float[][]> frames) {
    int batch = utterances.size();
    int width = 1;
    int labelWidth = 1;
    int[] lengths = new int[batch];
    for (int b = 0; b < batch; b++) {
      lengths[b] = frames.get(b).length;
      width = Math.max(width, lengths[b]);
      labelWidth = Math.max(labelWidth, utterances.get(b).labelCount());
    }
    float[] featureData = new float[batch * featureCount * width];
    float[] labelData = new float[batch * labelWidth];
    for (int b = 0; b < batch; b++) {
      float[][] utterance = frames.get(b);
      for (int t = 0; t < utterance.length; t++) {
        if (utterance[t].length != featureCount) {
          throw new IllegalArgumentException(
              "utterance " + utterances.get(b).id() + " has " + utterance[t].length
                  + " features per frame, the model takes " + featureCount);
        }
        for (int f = 0; f < featureCount; f++) {
          featureData[(b * featureCount + f) * width + t] = utterance[t][f];
        }
      }
      int[] labels = utterances.get(b).labels();
      for (int s = 0; s < labels.length; s++) {
        labelData[b * labelWidth + s] = labels[s];
      }
    }
    int[] outputFrames = new int[batch];
    for (int b = 0; b < batch; b++) {
      outputFrames[b] = Math.max(0, model.outputFrames(lengths[b]));
    }
    int outputWidth = Math.max(1, model.outputFrames(width));
    INDArray features = Nd4j.create(featureData, new long[] {batch, featureCount, width}, 'c');
    INDArray labels = Nd4j.create(labelData, new long[] {batch, labelWidth}, 'c');
    return new SpeechBatch(
        utterances,
        features,
        FrameMasks.mask(lengths, width, DataType.FLOAT),
        labels,
        FrameMasks.mask(outputFrames, outputWidth, DataType.FLOAT),
        outputFrames);
  }
}
