package io.asrwb.engine.cli;

import io.asrwb.engine.inference.TrainedModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The required {@code --model} of the commands that run a trained checkpoint (a picocli mixin). */
final class CheckpointOption {

    @Option(
            names = "--model",
            required = true,
            paramLabel = "CKPT",
            description = "checkpoint folder, or a run folder (its newest checkpoint)")
    Path path;

    /** The checkpoint, loaded; an audio file given by mistake is refused with a hint. */
    TrainedModel load() throws IOException {
        return TrainedModel.load(ModelOption.checked(path, List.of()));
    }
}
