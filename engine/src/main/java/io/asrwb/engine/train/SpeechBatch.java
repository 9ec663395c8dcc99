package io.asrwb.engine.train;

import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;

/**
 * One batch as the CTC graph takes it.
 *
 * @param utterances the batch's utterances, row by row
 * @param features {@code [B, F, T]} (NCW), zero past each utterance's frames
 * @param featureMask {@code [B, T]}, 1 for each utterance's frames
 * @param labels {@code [B, S]} label ids, blank-padded (0)
 * @param outputMask {@code [B, T']}, 1 for each utterance's output frames (the CTC label mask)
 * @param outputFrames each utterance's output frames
 */
public record SpeechBatch(
    List<LabelledUtterance> utterances,
    INDArray features,
    INDArray featureMask,
    INDArray labels,
    INDArray outputMask,
    int[] outputFrames) {

  public SpeechBatch {
    utterances = List.copyOf(utterances);
  }

  public int size() {
    return utterances.size();
  }

  /** Seconds of audio in the batch. */
  public double audioSeconds() {
    return utterances.stream().mapToDouble(LabelledUtterance::durationSeconds).sum();
  }

  public List<String> ids() {
    return utterances.stream().map(LabelledUtterance::id).toList();
  }

  public MultiDataSet toMultiDataSet() {
    return new MultiDataSet(
        new INDArray[] {features},
        new INDArray[] {labels},
        new INDArray[] {featureMask},
        new INDArray[] {outputMask});
  }
}
