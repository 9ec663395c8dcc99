package io.asrwb.app.config;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.train.finetune.FineTuneConfig;
import java.io.IOException;
import java.nio.file.Path;

/**
 * "Fine-tune from…": fills the run setup (the Hyperparameters tab) with a fine-tuning run from a
 * checkpoint, then lets the window show that tab. A plain object, tested on real checkpoints.
 */
public final class FineTuneSetup {

    private final HyperparametersViewModel hyperparameters;
    private Runnable afterSetup = () -> {};

    public FineTuneSetup(HyperparametersViewModel hyperparameters) {
        this.hyperparameters = hyperparameters;
    }

    /** What to do once the setup is filled in (the app brings the Hyperparameters tab forward). */
    public void onSetUp(Runnable action) {
        this.afterSetup = action;
    }

    /**
     * The setup made a fine-tuning run from {@code checkpoint} (a checkpoint or run folder): its
     * model, features and alphabet, {@code train.init_from} set, the rest as the user had it.
     *
     * @return the line to show: what was set up, or why not
     */
    public String from(Path checkpoint) {
        RunConfig next;
        try {
            next = FineTuneConfig.from(hyperparameters.currentConfig(), checkpoint);
        } catch (IOException e) {
            return "Cannot fine-tune from " + checkpoint + ": " + e.getMessage();
        }
        String line =
                "Fine-tuning from "
                        + next.train().initFrom()
                        + ": its model, features and alphabet are set; choose the dataset, and"
                        + " train.freeze if some layers should stay as they are, then Start in"
                        + " Training";
        hyperparameters.use(next, line);
        afterSetup.run();
        return line;
    }
}
