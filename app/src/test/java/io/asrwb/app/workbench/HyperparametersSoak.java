package io.asrwb.app.workbench;

import io.asrwb.app.config.HyperparametersViewModel;

/**
 * The soak's training: the tiny preset, short runs on short clips, a checkpoint and an
 * evaluation in each run, set through the Hyperparameters tab's fields as a user would.
 */
final class HyperparametersSoak {

    private HyperparametersSoak() {}

    static void apply(HyperparametersViewModel hyper) {
        set(hyper, "data.max_duration_s", 1.0);
        set(hyper, "data.batch_size", 4L);
        set(hyper, "data.duration_buckets", 1L);
        set(hyper, "train.max_steps", 30L);
        set(hyper, "train.eval_every_steps", 15L);
        set(hyper, "train.checkpoint_every_steps", 15L);
    }

    private static void set(HyperparametersViewModel hyper, String field, Object value) {
        // false also when the field holds the value already; a wrong type says so in the status
        if (!hyper.set(field, value) && hyper.statusProperty().get().contains(field)) {
            throw new IllegalStateException(hyper.statusProperty().get());
        }
    }
}
