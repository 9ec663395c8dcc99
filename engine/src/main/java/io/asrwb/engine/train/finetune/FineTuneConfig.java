package io.asrwb.engine.train.finetune;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.config.RunConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The run setup "Fine-tune from…" opens: what must match the checkpoint (features, model,
 * alphabet) taken from its saved config, what the user chose for the new run (dataset, optimizer,
 * length, augmentation, decoding) kept, and {@code train.init_from} set to the checkpoint.
 */
public final class FineTuneConfig {

    private FineTuneConfig() {}

    /**
     * {@code current} made a fine-tuning run from {@code checkpoint} (a checkpoint folder, or a run
     * folder: its newest), nothing frozen.
     *
     * @throws IOException when the folder holds no readable checkpoint
     */
    public static RunConfig from(RunConfig current, Path checkpoint) throws IOException {
        Checkpoint found = InitCheckpoint.locate(checkpoint);
        CheckpointState state = InitCheckpoint.readState(found);
        RunConfig saved = InitCheckpoint.savedConfig(state, found.directory());
        return new RunConfig(
                current.schemaVersion(),
                current.preset(),
                current.data(),
                saved.features(),
                current.augment(),
                saved.model(),
                current.optim(),
                current.train()
                        .withInitFrom(
                                found.directory().toAbsolutePath().normalize().toString(),
                                List.of()),
                current.decode(),
                saved.alphabet(),
                current.normaliser());
    }

    /** The features {@code checkpoint} (a checkpoint folder, or a run folder: its newest) was trained on. */
    public static FeatureConfig savedFeatures(Path checkpoint) throws IOException {
        Checkpoint found = InitCheckpoint.locate(checkpoint);
        return InitCheckpoint.savedConfig(InitCheckpoint.readState(found), found.directory())
                .features();
    }
}
