package io.asrwb.engine.train;

import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.metrics.CorpusErrorRates;
import io.asrwb.engine.metrics.ErrorRateAccumulator;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.metrics.UtteranceErrors;
import io.asrwb.engine.model.loss.LossCtc;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.UtteranceResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Scores a model on held-out utterances: mean CTC loss, corpus WER and CER (errors summed over the
 * corpus, divided once) and each utterance's CER, decoding with the given decoder. Inference only:
 * it draws no random numbers, so a run evaluates without changing what it trains on next.
 */
public final class Validation {

  private final List<LabelledUtterance> utterances;
  private final FeatureCache features;
  private final BatchAssembler assembler;
  private final Decoder decoder;
  private final TextNormaliser normaliser;
  private final int batchSize;

  public Validation(
      List<LabelledUtterance> utterances,
      FeatureCache features,
      BatchAssembler assembler,
      Decoder decoder,
      TextNormaliser normaliser,
      int batchSize) {
    List<LabelledUtterance> sorted = new ArrayList<>(utterances);
    // similar lengths together: less padding, same order every time
    sorted.sort(
        Comparator.comparingDouble(LabelledUtterance::durationSeconds)
            .thenComparing(LabelledUtterance::id));
    this.utterances = List.copyOf(sorted);
    this.features = features;
    this.assembler = assembler;
    this.decoder = decoder;
    this.normaliser = normaliser;
    this.batchSize = batchSize;
  }

  public int size() {
    return utterances.size();
  }

  public EvalCompleted run(ComputationGraph graph, long step) {
    ErrorRateAccumulator errors = new ErrorRateAccumulator();
    List<UtteranceResult> results = new ArrayList<>(utterances.size());
    double lossSum = 0;
    LossCtc loss = new LossCtc();
    for (int from = 0; from < utterances.size(); from += batchSize) {
      List<LabelledUtterance> rows =
          utterances.subList(from, Math.min(utterances.size(), from + batchSize));
      SpeechBatch batch = assembler.assemble(rows, rows.stream().map(features::of).toList());
      INDArray scores =
          GraphOutput.scores(graph, batch);
      INDArray outputMask = batch.outputMask();
      lossSum +=
          loss.computeScoreArray(batch.labels(), scores, new ActivationIdentity(), outputMask)
              .sumNumber()
              .doubleValue();
      List<float[][]> logProbs = LogSoftmax.perUtterance(scores, batch.outputFrames());
      for (int b = 0; b < rows.size(); b++) {
        LabelledUtterance u = rows.get(b);
        String hypothesis =
            normaliser.normalise(decoder.decode(logProbs.get(b), batch.outputFrames()[b]).text());
        UtteranceErrors e = errors.add(u.text(), hypothesis);
        results.add(new UtteranceResult(u.id(), u.text(), hypothesis, e.cer()));
      }
    }
    CorpusErrorRates totals = errors.snapshot();
    return new EvalCompleted(
        step,
        utterances.isEmpty() ? Double.NaN : lossSum / utterances.size(),
        totals.wer(),
        totals.cer(),
        results);
  }
}
