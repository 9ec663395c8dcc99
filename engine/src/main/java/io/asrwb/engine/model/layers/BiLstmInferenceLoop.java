package io.asrwb.engine.model.layers;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The recurrence of {@link BiLstmKernel#forward} for inference in float: one ND4J call per time
 * step (the batched recurrent GEMM), the gate arithmetic in plain Java on the arrays' native
 * memory.
 *
 * <p>Why: the training loop issues ~15 ND4J calls and views per step, each with a fixed cost of
 * tens of microseconds, which is what 5 s of audio through DS2-small spent most of its time on
 * (the per-step work is a few thousand floats; docs/PERFORMANCE.md, "Transcription latency").
 * Training keeps the ND4J loop, whose per-step cells the backward pass needs.
 */
final class BiLstmInferenceLoop {

  private BiLstmInferenceLoop() {}

  static boolean applies(INDArray gates) {
    return gates.dataType() == DataType.FLOAT;
  }

  /**
   * Fills {@code states [T, 2, B, H]} from {@code gates [T, 2, B, 4H]} (input projections plus
   * bias, in each direction's processing order) and {@code rw [2, H, 4H]}; both c-ordered, fresh.
   */
  static void run(INDArray gates, INDArray rw, INDArray states, int frames, int batch, int hidden) {
    int gateWidth = 4 * hidden;
    int rows = 2 * batch;
    FloatBuffer gateMemory = floats(gates);
    FloatBuffer stateMemory = floats(states);
    INDArray previous = Nd4j.create(DataType.FLOAT, 2, batch, hidden);
    INDArray recurrent = Nd4j.create(DataType.FLOAT, 2, batch, gateWidth);
    FloatBuffer previousMemory = floats(previous);
    FloatBuffer recurrentMemory = floats(recurrent);
    float[] g = new float[rows * gateWidth];
    float[] r = new float[rows * gateWidth];
    float[] cell = new float[rows * hidden];
    float[] h = new float[rows * hidden];
    try (SmallOpThreads ignored = SmallOpThreads.open()) {
      for (int t = 0; t < frames; t++) {
        gateMemory.get(t * g.length, g);
        if (t > 0) {
          Nd4j.matmul(previous, rw, recurrent);
          recurrentMemory.get(0, r);
          for (int k = 0; k < g.length; k++) {
            g[k] += r[k];
          }
        }
        for (int row = 0; row < rows; row++) {
          int gate = row * gateWidth;
          int unit = row * hidden;
          for (int j = 0; j < hidden; j++) {
            float in = sigmoid(g[gate + j]);
            float forget = sigmoid(g[gate + hidden + j]);
            float out = sigmoid(g[gate + 2 * hidden + j]);
            float candidate = (float) Math.tanh(g[gate + 3 * hidden + j]);
            float c = in * candidate + (t > 0 ? forget * cell[unit + j] : 0f);
            cell[unit + j] = c;
            h[unit + j] = out * (float) Math.tanh(c);
          }
        }
        stateMemory.put(t * h.length, h);
        previousMemory.put(0, h);
      }
    } finally {
      NativeMemory.release(previous, recurrent);
    }
  }

  private static float sigmoid(float x) {
    return (float) (1.0 / (1.0 + Math.exp(-x)));
  }

  /** A view of the array's native memory (no copy): the array must be c-ordered and own it all. */
  private static FloatBuffer floats(INDArray a) {
    return a.data().asNio().order(ByteOrder.nativeOrder()).asFloatBuffer();
  }
}
