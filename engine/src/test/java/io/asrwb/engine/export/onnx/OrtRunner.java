package io.asrwb.engine.export.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.Map;

/** Runs an exported model in ONNX Runtime on one utterance's features. */
final class OrtRunner implements AutoCloseable {

    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final OrtSession session;

    OrtRunner(byte[] model) throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(1);
        session = env.createSession(model, options);
    }

    Map<String, String> metadata() throws OrtException {
        return session.getMetadata().getCustomMetadata();
    }

    /** {@code log_probs [T'][K]} for features {@code [frames][nBins]}. */
    float[][] logProbs(float[][] frames) throws OrtException {
        int t = frames.length;
        int bins = frames[0].length;
        float[] byTime = new float[bins * t];
        for (int f = 0; f < t; f++) {
            for (int b = 0; b < bins; b++) {
                byTime[b * t + f] = frames[f][b];
            }
        }
        try (OnnxTensor input =
                        OnnxTensor.createTensor(
                                env, FloatBuffer.wrap(byTime), new long[] {1, bins, t});
                OrtSession.Result result = session.run(Map.of(GraphTranslation.INPUT, input))) {
            return (float[][]) result.get(0).getValue();
        }
    }

    @Override
    public void close() throws OrtException {
        session.close();
    }
}
