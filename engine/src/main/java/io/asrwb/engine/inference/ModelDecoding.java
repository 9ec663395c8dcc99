package io.asrwb.engine.inference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.DecodeConfig;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.files.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

/**
 * How a model asks to be decoded when nobody says otherwise. A checkpoint folder may hold a
 * {@value #FILE} (written by {@code asrwb lm tune --write}) beside its {@code model.zip}: a decode
 * section naming the beam search, a language model shipped in the same folder and the α/β tuned
 * for it. That is how the bundled demo model brings its domain LM to {@code transcribe},
 * push-to-talk and the Transcribe tab. Without the file the model's training config decides
 * (its decode section; greedy unless it chose the beam), as before.
 *
 * @param languageModel the ARPA file the beam search weighs words with; null when none
 */
public record ModelDecoding(DecoderSettings settings, Path languageModel) {

    public static final String FILE = "decoding.yaml";

    /** The decoding {@code model} asks for. */
    public static ModelDecoding of(TrainedModel model) throws IOException {
        Optional<ModelDecoding> shipped = shipped(model.checkpoint());
        return shipped.isPresent()
                ? shipped.get()
                : new ModelDecoding(DecoderSettings.of(model), null);
    }

    /** The decoding a checkpoint folder ships ({@value #FILE}), without loading the model. */
    public static Optional<ModelDecoding> shipped(Path checkpoint) throws IOException {
        Path file = checkpoint.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /** A transcriber of {@code model} decoding this way; reads the language model, if any. */
    public Transcriber transcriber(TrainedModel model) throws IOException {
        return new Transcriber(
                model,
                settings.decoderFor(
                        model, languageModel == null ? null : ArpaReader.read(languageModel)));
    }

    /** Reads a {@value #FILE}; its {@code lm_path} is relative to the folder that holds it. */
    static ModelDecoding read(Path file) throws IOException {
        DecodeConfig config;
        try {
            // keys left out keep the defaults, as a config overlay does
            JsonNode given = ConfigMapper.get().readTree(Files.readString(file));
            if (given != null && !given.isObject() && !given.isMissingNode()) {
                throw new IOException(
                        file
                                + ": expected keys decoder, beam_width, lm_path, alpha, beta and"
                                + " vocabulary,"
                                + " found "
                                + given.getNodeType().toString().toLowerCase(Locale.ROOT));
            }
            ObjectNode merged = ConfigMapper.get().valueToTree(DecodeConfig.defaults());
            if (given != null && given.isObject()) {
                merged.setAll((ObjectNode) given);
            }
            config = ConfigMapper.get().treeToValue(merged, DecodeConfig.class);
        } catch (JsonProcessingException e) {
            throw new IOException(
                    file
                            + ": "
                            + e.getOriginalMessage()
                            + "; expected decoder, beam_width, lm_path, alpha, beta and vocabulary"
                            + " (asrwb lm tune --write makes it)",
                    e);
        }
        DecoderSettings settings;
        try {
            settings =
                    new DecoderSettings(
                            config.decoder() == DecodeConfig.Decoder.BEAM
                                    ? DecoderSettings.Kind.BEAM
                                    : DecoderSettings.Kind.GREEDY,
                            config.beamWidth(),
                            config.alpha(),
                            config.beta(),
                            config.vocabulary());
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        if (!config.usesLanguageModel()) {
            return new ModelDecoding(settings, null);
        }
        Path lm = file.toAbsolutePath().getParent().resolve(config.lmPath()).normalize();
        if (!Files.isRegularFile(lm)) {
            throw new IOException(
                    file
                            + ": lm_path "
                            + config.lmPath()
                            + " is not a file beside it ("
                            + lm
                            + "); copy the ARPA file there or write the decoding again with asrwb"
                            + " lm tune --write");
        }
        return new ModelDecoding(settings, lm);
    }

    /**
     * Makes {@code checkpoint} decode with a beam search over {@code arpa} weighted by {@code
     * settings}: copies the ARPA file into the folder (unless it is there already) and writes
     * {@value #FILE} naming it by its file name, so the folder can be moved or shipped whole.
     */
    public static Path write(Path checkpoint, DecoderSettings settings, Path arpa)
            throws IOException {
        Path lmName = arpa.getFileName();
        Path target = checkpoint.resolve(lmName);
        if (!Files.exists(target) || !Files.isSameFile(arpa, target)) {
            AtomicWrite.replaceOwnerOnly(
                    target, temp -> Files.copy(arpa, temp, StandardCopyOption.REPLACE_EXISTING));
        }
        String yaml =
                String.format(
                        Locale.ROOT,
                        "# How this model decodes by default (asrwb lm tune --write); --decoder"
                                + " greedy overrides it.%ndecoder: beam%nbeam_width: %d%nlm_path:"
                                + " %s%nalpha: %s%nbeta: %s%nvocabulary: %s%n",
                        settings.beamWidth(),
                        lmName,
                        settings.alpha(),
                        settings.beta(),
                        settings.vocabulary().name().toLowerCase(Locale.ROOT));
        return AtomicWrite.replaceTextOwnerOnly(checkpoint.resolve(FILE), yaml);
    }
}
