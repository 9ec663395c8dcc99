package io.asrwb.app.transcribe;

import io.asrwb.engine.config.DecodeConfig.Vocabulary;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The Transcribe tab's decoder settings as properties (greedy or beam, a language-model file, α,
 * β, beam width, whether only the language model's words may be written), and the language model they name, read once and kept while it stays chosen.
 * Choosing a language model turns the beam search on, since only the beam search uses one.
 */
public final class DecoderControls {

    /**
     * α and β where a fresh tab starts before a model says otherwise (a model that ships its LM sets
     * its own tuned pair, {@link #adopt}): the first demo model's tuned pair (docs/decisions/language-model.md).
     */
    static final double DEFAULT_ALPHA = 0.75;

    static final double DEFAULT_BETA = 3.0;

    /** Narrower than the CLI's 32: a slider move should re-decode a clip in a blink. */
    static final int DEFAULT_BEAM_WIDTH = 16;

    private final ObjectProperty<DecoderSettings.Kind> kind =
            new SimpleObjectProperty<>(this, "kind", DecoderSettings.Kind.GREEDY);
    private final ObjectProperty<Path> languageModel =
            new SimpleObjectProperty<>(this, "languageModel");
    private final DoubleProperty alpha = new SimpleDoubleProperty(this, "alpha", DEFAULT_ALPHA);
    private final DoubleProperty beta = new SimpleDoubleProperty(this, "beta", DEFAULT_BETA);
    private final IntegerProperty beamWidth =
            new SimpleIntegerProperty(this, "beamWidth", DEFAULT_BEAM_WIDTH);
    private final BooleanProperty closedVocabulary =
            new SimpleBooleanProperty(this, "closedVocabulary", false);

    private Snapshot adopted; // the model's own decoding last put into the controls (FX thread)

    private final Object lmLock = new Object();
    private Path loadedPath; // guarded by lmLock
    private LanguageModel loaded; // guarded by lmLock

    DecoderControls() {
        languageModel.addListener(
                (o, old, path) -> {
                    if (path != null) {
                        kind.set(DecoderSettings.Kind.BEAM);
                    }
                });
    }

    public ObjectProperty<DecoderSettings.Kind> kindProperty() {
        return kind;
    }

    /** The ARPA file the beam search weighs words with; null: none. */
    public ObjectProperty<Path> languageModelProperty() {
        return languageModel;
    }

    public DoubleProperty alphaProperty() {
        return alpha;
    }

    public DoubleProperty betaProperty() {
        return beta;
    }

    public IntegerProperty beamWidthProperty() {
        return beamWidth;
    }

    /** True: the beam search writes only the language model's words. */
    public BooleanProperty closedVocabularyProperty() {
        return closedVocabulary;
    }

    /**
     * Puts a newly chosen model's own decoding into the controls: the beam, the language model, α
     * and β it ships ({@code decoding.yaml}, e.g. the demo model's domain LM). A model that ships
     * none returns the controls to greedy, unless the user changed them since the last model set
     * them (a language model they chose stays chosen).
     */
    void adopt(Optional<ModelDecoding> shipped) {
        if (shipped.isPresent()) {
            ModelDecoding d = shipped.get();
            languageModel.set(d.languageModel());
            kind.set(d.settings().kind());
            alpha.set(d.settings().alpha());
            beta.set(d.settings().beta());
            beamWidth.set(d.settings().beamWidth());
            closedVocabulary.set(d.settings().vocabulary() == Vocabulary.CLOSED);
            adopted = snapshot();
        } else if (adopted != null && adopted.equals(snapshot())) {
            languageModel.set(null);
            kind.set(DecoderSettings.Kind.GREEDY);
            closedVocabulary.set(false);
            adopted = null;
        }
    }

    /** Runs {@code action} after any setting changes. */
    void onChange(Runnable action) {
        kind.addListener((o, a, b) -> action.run());
        languageModel.addListener((o, a, b) -> action.run());
        alpha.addListener((o, a, b) -> action.run());
        beta.addListener((o, a, b) -> action.run());
        beamWidth.addListener((o, a, b) -> action.run());
        closedVocabulary.addListener((o, a, b) -> action.run());
    }

    /** The settings now, with the language model file they use (null when none counts). */
    Snapshot snapshot() {
        DecoderSettings settings =
                new DecoderSettings(
                        kind.get(),
                        Math.max(1, beamWidth.get()),
                        alpha.get(),
                        beta.get(),
                        closedVocabulary.get() ? Vocabulary.CLOSED : Vocabulary.OPEN);
        return new Snapshot(
                settings,
                settings.kind() == DecoderSettings.Kind.BEAM ? languageModel.get() : null);
    }

    /** Whether {@code path} is the language model read and kept (a test's view of the cache). */
    boolean holds(Path path) {
        synchronized (lmLock) {
            return path != null && path.equals(loadedPath);
        }
    }

    /** The language model of {@code path}, read on first use (off the FX thread) and kept. */
    LanguageModel load(Path path) throws IOException {
        if (path == null) {
            return null;
        }
        synchronized (lmLock) {
            if (!path.equals(loadedPath)) {
                loaded = ArpaReader.read(path);
                loadedPath = path;
            }
            return loaded;
        }
    }

    /** Decodes kept log-probabilities with {@code settings}, off the FX thread: no forward pass. */
    String decode(Transcriber transcriber, float[][] logProbabilities, Snapshot settings)
            throws IOException {
        return configured(transcriber, settings).decode(logProbabilities);
    }

    /** {@code transcriber} decoding with {@code settings}, off the FX thread (reads the LM). */
    Transcriber configured(Transcriber transcriber, Snapshot settings) throws IOException {
        return transcriber.withDecoder(
                settings.settings()
                        .decoderFor(transcriber.model(), load(settings.languageModel())));
    }

    /** Settings taken on the FX thread for work off it. */
    record Snapshot(DecoderSettings settings, Path languageModel) {

        String describe() {
            if (settings.kind() == DecoderSettings.Kind.GREEDY) {
                return "greedy";
            }
            String beam = "beam " + settings.beamWidth();
            return languageModel == null
                    ? beam
                    : String.format(
                            java.util.Locale.ROOT,
                            "%s, LM %s, α %.2f, β %.2f%s",
                            beam,
                            languageModel.getFileName(),
                            settings.alpha(),
                            settings.beta(),
                            settings.vocabulary() == Vocabulary.CLOSED ? ", its words only" : "");
        }
    }
}
