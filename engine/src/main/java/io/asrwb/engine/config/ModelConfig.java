package io.asrwb.engine.config;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/**
 * The acoustic model's architecture, a closed choice written in YAML as {@code type: ds2} or
 * {@code type: wav2letter} or {@code type: quartznet} next to that model's fields.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Ds2Config.class, name = Ds2Config.TYPE),
    @JsonSubTypes.Type(value = Wav2LetterConfig.class, name = Wav2LetterConfig.TYPE),
    @JsonSubTypes.Type(value = QuartzNetConfig.class, name = QuartzNetConfig.TYPE)
})
public sealed interface ModelConfig permits Ds2Config, QuartzNetConfig, Wav2LetterConfig {

    /** Type names as written in YAML, in display order. */
    List<String> TYPES = List.of(Ds2Config.TYPE, Wav2LetterConfig.TYPE, QuartzNetConfig.TYPE);

    /** The name written as {@code type:} in YAML. */
    static String typeOf(ModelConfig model) {
        return model.getClass().getAnnotation(JsonTypeName.class).value();
    }

    /** Defaults of the named model type, the base a YAML overlay of that type starts from. */
    static ModelConfig defaultsOf(String type) {
        return switch (type) {
            case Ds2Config.TYPE -> Ds2Config.defaults();
            case Wav2LetterConfig.TYPE -> Wav2LetterConfig.defaults();
            case QuartzNetConfig.TYPE -> QuartzNetConfig.defaults();
            default ->
                    throw new IllegalArgumentException(
                            "unknown model type '" + type + "', expected one of " + TYPES);
        };
    }

    /** Output frames of the model for an input of {@code frames} feature frames. */
    long outputFrames(long frames);
}
