package io.asrwb.engine.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;

/**
 * The one Jackson mapper for config files, configured once: YAML, snake_case keys, lower-kebab
 * enum values, unknown fields and nulls for numbers refused, duplicate keys refused.
 * {@link ObjectMapper} is thread-safe once built, so everyone shares this instance.
 */
public final class ConfigMapper {

    private static final ObjectMapper MAPPER = build();

    private ConfigMapper() {}

    public static ObjectMapper get() {
        return MAPPER;
    }

    private static ObjectMapper build() {
        YAMLFactory yaml =
                YAMLFactory.builder()
                        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                        // the model's type is an ordinary "type:" key, never a YAML tag like !<ds2>
                        .disable(YAMLGenerator.Feature.USE_NATIVE_TYPE_ID)
                        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                        .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                        .build();
        return YAMLMapper.builder(yaml)
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .addModule(enumNames())
                .build();
    }

    /** Enum values written as {@link ConfigNames#enumValue} and read in any case, '-' or '_'. */
    private static SimpleModule enumNames() {
        SimpleModule module = new SimpleModule("asrwb-config-enums");
        module.setDeserializerModifier(
                new BeanDeserializerModifier() {
                    @Override
                    public JsonDeserializer<?> modifyEnumDeserializer(
                            DeserializationConfig config,
                            JavaType type,
                            BeanDescription description,
                            JsonDeserializer<?> deserializer) {
                        return new EnumValueDeserializer(type.getRawClass());
                    }
                });
        module.setSerializerModifier(
                new BeanSerializerModifier() {
                    @Override
                    public JsonSerializer<?> modifyEnumSerializer(
                            SerializationConfig config,
                            JavaType valueType,
                            BeanDescription description,
                            JsonSerializer<?> serializer) {
                        return new EnumValueSerializer();
                    }
                });
        return module;
    }

    private static final class EnumValueSerializer extends JsonSerializer<Enum<?>> {
        @Override
        public void serialize(Enum<?> value, JsonGenerator gen, SerializerProvider provider)
                throws IOException {
            gen.writeString(ConfigNames.enumValue(value));
        }
    }

    private static final class EnumValueDeserializer extends JsonDeserializer<Object> {
        private final Class<?> type;

        EnumValueDeserializer(Class<?> type) {
            this.type = type;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.currentToken() == JsonToken.VALUE_STRING ? p.getText() : null;
            Object constant = text == null ? null : ConfigNames.parseEnum((Class) type, text);
            if (constant == null) {
                throw InvalidFormatException.from(
                        p, "must be " + ConfigNames.enumChoices(type), p.getText(), type);
            }
            return constant;
        }
    }
}
