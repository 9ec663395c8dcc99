package io.asrwb.engine.cli;

import io.asrwb.engine.assets.Assets;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.train.info.ModelInfo;
import io.asrwb.engine.transcribe.LongAudioTranscriber;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb transcribe}: one line per audio file, the file, a tab, the transcript. Files of any
 * length, in bounded memory ({@link LongAudioTranscriber}); {@code --porcelain} adds a
 * {@code segment} line per stretch of the file as it is decoded.
 */
@Command(
        name = "transcribe",
        mixinStandardHelpOptions = true,
        description =
                "Transcribe audio files (wav, flac, mp3, au, .g722, G.711 .ul/.al at 8 kHz) of any"
                    + " length: prints FILE<TAB>TEXT per file; with --porcelain a segment line"
                    + " (start, end seconds, text) per stretch, then the transcript. --info prints"
                    + " what the model knows (its vocabulary and the data it was trained on) and"
                    + " needs no audio.")
final class TranscribeCommand implements Callable<Integer> {

    static final String DEMO_MODEL = "demo-model";

    /** Words --info names before "and N more": a small domain's all of them. */
    static final int INFO_WORDS = 100;

    @Option(
            names = "--model",
            paramLabel = "CKPT",
            description = "checkpoint or run folder (default: the bundled assets/demo-model)")
    Path model;

    @Mixin DecoderOptions decoding;

    @Option(
            names = "--timestamps",
            description =
                    "print each segment on its own line as [hh:mm:ss] TEXT as it is decoded, then"
                            + " the file's line")
    boolean timestamps;

    @Option(
            names = "--info",
            description =
                    "print the model's vocabulary (from its LM, else its training text) and what"
                            + " it was trained on (hours, utterances, voices or speakers, real or"
                            + " synthetic), then exit; no audio files needed")
    boolean info;

    // 0..*: checked in ModelOption, which can tell "--model some.flac" (no model given) from no
    // file
    @Parameters(paramLabel = "FILE", arity = "0..*", description = "audio files (at least one)")
    List<Path> files;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        if (info) {
            return printInfo(out);
        }
        files = ModelOption.requireFiles(model, files, spec);
        Transcriber transcriber = decoding.transcriber(TrainedModel.load(modelPath()));
        LongAudioTranscriber anyLength = new LongAudioTranscriber(transcriber);
        int failed = 0;
        for (Path file : files) {
            try {
                String text =
                        anyLength.transcribe(file, new SegmentLines(out, file, timestamps)).text();
                out.human(file + "\t" + text);
                out.record("transcript", Map.of("file", file.toString(), "text", text));
            } catch (AudioFileException e) {
                failed++;
                out.error(file + ": " + e.getMessage(), ExitCodes.FAILED);
            }
        }
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** What the model knows, in the same two lines the Transcribe tab shows. */
    private int printInfo(CliOutput out) throws IOException {
        ModelInfo about = ModelInfo.read(modelPath());
        out.human(about.vocabularyLine(INFO_WORDS));
        out.human(about.trainedOnLine());
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("vocabulary_source", about.vocabularySource());
        fields.put("vocabulary_size", about.wordCount());
        fields.put("vocabulary", about.words());
        fields.put("vocabulary_line", about.vocabularyLine(INFO_WORDS));
        fields.put("trained_on", about.trainedOnLine());
        out.record("model_info", fields);
        return ExitCodes.OK;
    }

    private Path modelPath() {
        if (model != null) {
            return ModelOption.checked(model, files);
        }
        return Assets.locate()
                .map(a -> a.resolve(DEMO_MODEL))
                .filter(p -> Files.isRegularFile(p.resolve("model.zip")))
                .orElseThrow(
                        () ->
                                new CommandFailedException(
                                        "no --model given and no demo model bundled"
                                                + " (assets/demo-model/model.zip); train one with"
                                                + " bench/train-demo-model.sh or pass --model"));
    }
}
