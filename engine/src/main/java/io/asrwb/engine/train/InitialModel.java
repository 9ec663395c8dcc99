package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.StartedFrom;
import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.train.finetune.FineTuneStart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * How a new run's model comes to be from its configuration: initialised from the seed, or, with
 * {@code train.init_from}, filled from a checkpoint ({@link FineTuneStart}) which every checkpoint
 * of the run then names as where it started.
 *
 * @param build the configured model to the model the run trains
 * @param startedFrom the checkpoint a fine-tuned run starts from; null from scratch
 * @param notes what the user should read before the run (fine-tuning's start, alphabet, freeze)
 * @param baseData what the checkpoint a fine-tuned run starts from was trained on, as it records
 *     it; null from scratch or when it records nothing
 */
record InitialModel(
        Function<ComputationGraphConfiguration, ComputationGraph> build,
        StartedFrom startedFrom,
        List<String> notes,
        TrainingDataSummary baseData) {

    InitialModel {
        notes = List.copyOf(notes);
    }

    /**
     * The start {@code inputs}' config asks for.
     *
     * @throws RunLaunchException when the checkpoint to fine-tune from is missing, unreadable or
     *     trained on other features
     */
    static InitialModel of(TrainingInputs inputs) throws IOException {
        if (!inputs.config().train().fineTunes()) {
            return new InitialModel(SpeechModels::initialised, null, List.of(), null);
        }
        FineTuneStart start;
        try {
            start = FineTuneStart.open(inputs.config(), inputs.alphabet().labels(), Path.of(""));
        } catch (IOException e) {
            throw new RunLaunchException(e.getMessage());
        }
        return new InitialModel(
                start::initialise,
                start.startedFrom(),
                start.notes(),
                start.baseData().orElse(null));
    }

    /** The run's model; a checkpoint of another shape is refused naming the first difference. */
    ComputationGraph apply(ComputationGraphConfiguration configuration) {
        try {
            return build.apply(configuration);
        } catch (IllegalArgumentException e) {
            throw new RunLaunchException(e.getMessage());
        }
    }
}
