package io.asrwb.engine.export.onnx;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Our bidirectional LSTM's parameters rearranged into ONNX's {@code LSTM} inputs. Ours: input
 * weights {@code W [nIn, 8H]} (forward then backward direction, gates i f o g, applied as {@code
 * x·W}), recurrent {@code RW [2, H, 4H]} ({@code h·RW[d]}), bias {@code b [1, 8H]}. ONNX's: {@code
 * W [2, 4H, nIn]} and {@code R [2, 4H, H]} with gates i o f c, applied as {@code W·x}; {@code B [2,
 * 8H]} = input bias then recurrent bias (ours has one bias, so the recurrent one is zero).
 */
final class LstmWeights {

    /** For each ONNX gate (i, o, f, c), the index of our gate block (i, f, o, g). */
    private static final int[] OUR_GATE = {0, 2, 1, 3};

    final float[] w;
    final float[] r;
    final float[] b;

    LstmWeights(INDArray ourW, INDArray ourRw, INDArray ourBias, int hidden) {
        int nIn = (int) ourW.size(0);
        float[] inW = TensorValues.rowMajor(ourW);
        float[] recW = TensorValues.rowMajor(ourRw);
        float[] bias = TensorValues.rowMajor(ourBias);
        int gates = 4 * hidden;
        w = new float[2 * gates * nIn];
        r = new float[2 * gates * hidden];
        b = new float[2 * 2 * gates];
        for (int d = 0; d < 2; d++) {
            for (int gate = 0; gate < 4; gate++) {
                for (int j = 0; j < hidden; j++) {
                    int ourColumn = d * gates + OUR_GATE[gate] * hidden + j;
                    int row = d * gates + gate * hidden + j;
                    for (int k = 0; k < nIn; k++) {
                        w[row * nIn + k] = inW[k * 2 * gates + ourColumn];
                    }
                    int ourRecurrentColumn = OUR_GATE[gate] * hidden + j;
                    for (int m = 0; m < hidden; m++) {
                        r[row * hidden + m] = recW[(d * hidden + m) * gates + ourRecurrentColumn];
                    }
                    b[d * 2 * gates + gate * hidden + j] = bias[ourColumn];
                }
            }
        }
    }
}
