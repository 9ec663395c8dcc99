package io.asrwb.engine.export.onnx;

import static io.asrwb.engine.export.onnx.OnnxFields.*;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.proto.ProtoMessage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * Writes a trained model as an ONNX model file: {@code features [1, nBins, frames]} (our feature
 * pipeline's output for one utterance, normalised as the model was trained) in, {@code log_probs
 * [out_frames, K]} (per-frame log-softmax over the alphabet, blank at 0) out, opset 17. The feature
 * settings, alphabet and checkpoint travel in {@code metadata_props}, so the file alone is enough
 * to featurise audio and read its output.
 */
public final class OnnxExporter {

    /** Metadata keys, all prefixed {@code asrwb.}. */
    public static final String META_FEATURES = "asrwb.features";

    public static final String META_ALPHABET = "asrwb.alphabet";
    public static final String META_FEATURE_COUNT = "asrwb.feature_count";
    public static final String META_FRAME_SECONDS = "asrwb.output_frame_seconds";
    public static final String META_CHECKPOINT = "asrwb.checkpoint";
    public static final String META_MODEL_FINGERPRINT = "asrwb.model_fingerprint";
    public static final String META_LAYOUT = "asrwb.io";

    private OnnxExporter() {}

    /** What was written. */
    public record Summary(Path file, long bytes, long parameters, int featureCount, int classes) {}

    /** Exports {@code model} to {@code out} (written beside it first, then moved into place). */
    public static Summary export(TrainedModel model, Path out) throws IOException {
        SpeechFeatures features = model.shape().features();
        int classes = model.alphabet().size();
        byte[] bytes =
                modelBytes(
                        model.graph(),
                        features.featureCount(),
                        classes,
                        model.state().provenance().appVersion(),
                        metadata(model, features));
        AtomicWrite.replace(out, bytes);
        return new Summary(
                out, bytes.length, model.graph().numParams(), features.featureCount(), classes);
    }

    /** The ModelProto of {@code graph}, whose input has {@code nBins} features per frame. */
    static byte[] modelBytes(
            ComputationGraph graph,
            int nBins,
            int classes,
            String producerVersion,
            Map<String, String> metadata) {
        ProtoMessage proto =
                new ProtoMessage()
                        .int64(MODEL_IR_VERSION, IR_VERSION)
                        .string(MODEL_PRODUCER_NAME, "asrwb")
                        .string(MODEL_PRODUCER_VERSION, producerVersion)
                        .string(
                                MODEL_DOC_STRING,
                                "ASR Workbench acoustic model (CTC); input: one unpadded"
                                        + " utterance's features; output: per-frame"
                                        + " log-probabilities")
                        .message(
                                MODEL_GRAPH,
                                GraphTranslation.translate(graph, nBins, classes)
                                        .toProto("asrwb_acoustic_model"))
                        .message(
                                MODEL_OPSET_IMPORT,
                                new ProtoMessage()
                                        .string(OPSET_DOMAIN, "")
                                        .int64(OPSET_VERSION, OPSET));
        for (Map.Entry<String, String> entry : metadata.entrySet()) {
            proto.message(
                    MODEL_METADATA_PROPS,
                    new ProtoMessage()
                            .string(ENTRY_KEY, entry.getKey())
                            .string(ENTRY_VALUE, entry.getValue()));
        }
        return proto.toByteArray();
    }

    private static Map<String, String> metadata(TrainedModel model, SpeechFeatures features)
            throws JsonProcessingException {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put(
                META_FEATURES,
                Json.mapper()
                        .writeValueAsString(
                                ConfigMapper.get().valueToTree(model.config().features())));
        meta.put(META_FEATURE_COUNT, Integer.toString(features.featureCount()));
        meta.put(META_ALPHABET, Json.mapper().writeValueAsString(model.alphabet().labels()));
        meta.put(META_FRAME_SECONDS, Double.toString(model.shape().secondsPerOutputFrame()));
        meta.put(META_CHECKPOINT, model.checkpoint().getFileName().toString());
        meta.put(META_MODEL_FINGERPRINT, model.state().modelFingerprint());
        meta.put(
                META_LAYOUT,
                "input features [1, feature_count, frames] float32 (one utterance, no padding);"
                        + " output log_probs [out_frames, alphabet size] float32, blank = index 0");
        return meta;
    }
}
