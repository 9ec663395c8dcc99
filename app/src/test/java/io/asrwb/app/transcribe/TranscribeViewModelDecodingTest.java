package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.config.DecodeConfig.Vocabulary;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import io.asrwb.engine.decode.lm.build.ArpaWriter;
import io.asrwb.engine.decode.lm.build.KneserNeyEstimator;
import io.asrwb.engine.decode.lm.build.NgramCounts;
import io.asrwb.engine.decode.lm.build.PruneThresholds;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decoder controls re-decode the current clip from its kept log-probabilities: with the
 * bundled demo model (real weights), a move of α or β or a new language model changes the text
 * as a fresh beam search would, and the model never runs again (forward passes counted).
 */
class TranscribeViewModelDecodingTest {

    private static final Pattern TEXT = Pattern.compile("\"text\": \"([^\"]*)\"");

    @TempDir Path tmp;

    @Test
    void movingAlphaOrBetaReDecodesWithoutAnotherForwardPass() throws Exception {
        Path demoModel = TinyRun.demoManifest().getParent().resolveSibling("demo-model");
        Path clip = TinyRun.demoAudio();
        Path arpa = demoLanguageModel();
        TranscribeViewModel vm =
                new TranscribeViewModel(new CurrentThreadTaskRunner(), null, Runnable::run);
        vm.chooseFolder(demoModel);
        startGreedy(vm); // the demo model ships its own beam and LM; this test starts from greedy

        vm.transcribeFile(clip);

        TrainedModel model = TrainedModel.load(demoModel);
        Transcriber reference = Transcriber.greedy(model);
        float[][] logProbs = reference.logProbabilities(clip);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.transcriptProperty().get()).isEqualTo(reference.decode(logProbs));
        assertThat(vm.forwardPasses()).isEqualTo(1);

        vm.decoding().alphaProperty().set(0);
        vm.decoding().betaProperty().set(0);
        vm.decoding().languageModelProperty().set(arpa); // turns the beam on and re-decodes
        assertThat(vm.decoding().kindProperty().get()).isEqualTo(DecoderSettings.Kind.BEAM);
        String weightless = vm.transcriptProperty().get();
        assertThat(weightless).isEqualTo(beam(reference, model, logProbs, arpa, 0, 0));
        assertThat(vm.statusProperty().get()).contains("Decoded again").contains("no forward pass");

        // a strong LM with a heavy price per word: the demo model hears this clip right, so only
        // weights this far from the tuned ones are sure to change its words
        vm.decoding().alphaProperty().set(2.5);
        vm.decoding().betaProperty().set(-12);
        String weighted = vm.transcriptProperty().get();
        assertThat(weighted).isEqualTo(beam(reference, model, logProbs, arpa, 2.5, -12));
        assertThat(weighted).isNotEqualTo(weightless);

        vm.decoding().beamWidthProperty().set(4);
        assertThat(vm.transcriptProperty().get())
                .isEqualTo(
                        reference
                                .withDecoder(
                                        new DecoderSettings(DecoderSettings.Kind.BEAM, 4, 2.5, -12)
                                                .decoderFor(model, ArpaReader.read(arpa)))
                                .decode(logProbs));
        vm.decoding().closedVocabularyProperty().set(true);
        assertThat(vm.transcriptProperty().get())
                .isEqualTo(
                        reference
                                .withDecoder(
                                        new DecoderSettings(
                                                        DecoderSettings.Kind.BEAM,
                                                        4,
                                                        2.5,
                                                        -12,
                                                        Vocabulary.CLOSED)
                                                .decoderFor(model, ArpaReader.read(arpa)))
                                .decode(logProbs));
        vm.decoding().closedVocabularyProperty().set(false);
        vm.decoding().kindProperty().set(DecoderSettings.Kind.GREEDY);
        assertThat(vm.transcriptProperty().get()).isEqualTo(reference.decode(logProbs));
        assertThat(vm.forwardPasses())
                .as("every change decoded the kept log-probabilities")
                .isEqualTo(1);
        assertThat(vm.errorProperty().get()).isEmpty();

        vm.transcribeFile(clip); // a new clip is a new forward pass
        assertThat(vm.forwardPasses()).isEqualTo(2);
    }

    @Test
    void anUnreadableLanguageModelIsAMessage() throws Exception {
        Path bad = Files.writeString(tmp.resolve("bad.arpa"), "\\data\\\nngram 1=x\n");
        TranscribeViewModel vm =
                new TranscribeViewModel(new CurrentThreadTaskRunner(), null, Runnable::run);
        vm.chooseFolder(TinyRun.demoManifest().getParent().resolveSibling("demo-model"));
        vm.transcribeFile(TinyRun.demoAudio());

        vm.decoding().languageModelProperty().set(bad);

        assertThat(vm.errorProperty().get()).contains("bad.arpa:2").doesNotContain("Exception");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aModelThatShipsItsDecodingSetsTheControlsAndAnotherModelGivesThemBack() throws Exception {
        Path demoModel = TinyRun.demoManifest().getParent().resolveSibling("demo-model");
        Path arpa = demoLanguageModel();
        Path shipping = copyOfModel(demoModel, "shipping");
        Path plain = copyOfModel(demoModel, "plain");
        DecoderSettings shipped =
                new DecoderSettings(DecoderSettings.Kind.BEAM, 6, 1.25, 2.5, Vocabulary.CLOSED);
        ModelDecoding.write(shipping, shipped, arpa);
        TranscribeViewModel vm =
                new TranscribeViewModel(new CurrentThreadTaskRunner(), null, Runnable::run);

        vm.chooseFolder(shipping);

        DecoderControls controls = vm.decoding();
        assertThat(controls.kindProperty().get()).isEqualTo(DecoderSettings.Kind.BEAM);
        assertThat(controls.languageModelProperty().get()).isEqualTo(shipping.resolve("demo.arpa"));
        assertThat(controls.alphaProperty().get()).isEqualTo(1.25);
        assertThat(controls.betaProperty().get()).isEqualTo(2.5);
        assertThat(controls.beamWidthProperty().get()).isEqualTo(6);
        assertThat(controls.closedVocabularyProperty().get()).isTrue();
        Path clip = TinyRun.demoAudio();
        vm.transcribeFile(clip); // push-to-talk decodes through the same controls
        TrainedModel model = TrainedModel.load(shipping);
        Transcriber reference = Transcriber.greedy(model);
        float[][] logProbs = reference.logProbabilities(clip);
        assertThat(vm.transcriptProperty().get())
                .isEqualTo(
                        reference
                                .withDecoder(
                                        shipped.decoderFor(
                                                model,
                                                ArpaReader.read(shipping.resolve("demo.arpa"))))
                                .decode(logProbs));

        vm.chooseFolder(plain); // ships nothing: back to greedy without an LM
        assertThat(controls.kindProperty().get()).isEqualTo(DecoderSettings.Kind.GREEDY);
        assertThat(controls.languageModelProperty().get()).isNull();
        assertThat(controls.closedVocabularyProperty().get()).isFalse();

        vm.chooseFolder(shipping);
        controls.alphaProperty().set(0.5); // the user's own choice outlives a change of model
        vm.chooseFolder(plain);
        assertThat(controls.kindProperty().get()).isEqualTo(DecoderSettings.Kind.BEAM);
        assertThat(controls.alphaProperty().get()).isEqualTo(0.5);

        Files.writeString(
                plain.resolve(ModelDecoding.FILE), "decoder: beam\nlm_path: missing.arpa\n");
        vm.modelProperty().set(null);
        vm.chooseFolder(plain);
        assertThat(vm.errorProperty().get())
                .contains("lm_path missing.arpa is not a file beside it");
    }

    private static void startGreedy(TranscribeViewModel vm) {
        vm.decoding().languageModelProperty().set(null);
        vm.decoding().kindProperty().set(DecoderSettings.Kind.GREEDY);
        vm.decoding().beamWidthProperty().set(DecoderControls.DEFAULT_BEAM_WIDTH);
    }

    private Path copyOfModel(Path model, String name) throws Exception {
        Path copy = Files.createDirectories(tmp.resolve(name));
        for (String file : new String[] {"model.zip", "state.json", "SHA256SUMS"}) {
            Files.copy(model.resolve(file), copy.resolve(file));
        }
        return copy;
    }

    private static String beam(
            Transcriber reference,
            TrainedModel model,
            float[][] logProbs,
            Path arpa,
            double alpha,
            double beta)
            throws Exception {
        LanguageModel lm = ArpaReader.read(arpa);
        return reference
                .withDecoder(
                        new DecoderSettings(
                                        DecoderSettings.Kind.BEAM,
                                        DecoderControls.DEFAULT_BEAM_WIDTH,
                                        alpha,
                                        beta)
                                .decoderFor(model, lm))
                .decode(logProbs);
    }

    /** A trigram model of the demo corpus's training transcripts. */
    private Path demoLanguageModel() throws Exception {
        NgramCounts counts = new NgramCounts(3);
        Path train = TinyRun.demoManifest().resolveSibling("train.jsonl");
        for (String line : Files.readAllLines(train)) {
            Matcher m = TEXT.matcher(line);
            if (m.find()) {
                counts.addText(m.group(1));
            }
        }
        Path arpa = tmp.resolve("demo.arpa");
        ArpaWriter.write(KneserNeyEstimator.estimate(counts, PruneThresholds.NONE), arpa);
        return arpa;
    }
}
