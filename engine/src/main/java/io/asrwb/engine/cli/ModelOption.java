package io.asrwb.engine.cli;

import io.asrwb.engine.audio.AudioFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * {@code --model} refused with a hint when it names an audio file: picocli takes the first word
 * after {@code --model} as its value, so {@code transcribe --model some.flac} (the model left out)
 * reaches us as a model that is a sound.
 */
final class ModelOption {

    /** Ours, and other sound files people pass by mistake. */
    private static final Set<String> OTHER_AUDIO =
            Set.of("ogg", "opus", "m4a", "aac", "raw", "pcm");

    private ModelOption() {}

    /** {@code files}, refused when empty: a usage error, or the hint when --model is a sound. */
    static List<Path> requireFiles(Path model, List<Path> files, CommandSpec spec) {
        if (files != null && !files.isEmpty()) {
            return files;
        }
        if (model != null) {
            checked(model, List.of());
        }
        // picocli routes it to UsageErrorHandler, which adds where to read more
        throw new ParameterException(
                spec.commandLine(),
                "Missing required parameter: 'FILE': give at" + " least one audio file");
    }

    /** {@code model}, unless it is an audio file. */
    static Path checked(Path model, List<Path> files) {
        if (isAudioFile(model)) {
            String rest =
                    files == null
                            ? ""
                            : files.stream().map(Path::toString).reduce("", (a, b) -> a + " " + b);
            throw new CommandFailedException(
                    "--model "
                            + model
                            + " is an audio file, not a checkpoint;"
                            + " did you mean 'asrwb transcribe --model CKPT "
                            + model
                            + rest
                            + "'? (CKPT: a run"
                            + " folder or a checkpoint folder)");
        }
        return model;
    }

    private static boolean isAudioFile(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return Files.isRegularFile(p) && (AudioFiles.isAudioFile(p) || OTHER_AUDIO.contains(ext));
    }
}
