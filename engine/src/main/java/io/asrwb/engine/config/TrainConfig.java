package io.asrwb.engine.config;

import java.util.List;

/** Length of the run, evaluation, checkpoints, stopping rules and devices. */
public record TrainConfig(
        @Describe("Passes over the training data") @Range(min = 1, max = 100000) int epochs,
        @Describe("Stop after this many steps even mid-epoch (0: the epochs decide)")
                @Range(min = 0)
                long maxSteps,
        @Describe("Seed of every random choice (init, order, augmentation)") long seed,
        @Describe("Evaluate on the validation splits every N steps (also after each epoch)")
                @Range(min = 1)
                long evalEverySteps,
        @Describe("Write a checkpoint every N steps (also after each epoch)") @Range(min = 1)
                long checkpointEverySteps,
        @Describe("Newest checkpoints kept") @Range(min = 1, max = 1000) int keepLast,
        @Describe("Best checkpoints by validation WER kept besides the newest (0: none)")
                @Range(min = 0, max = 1000)
                int keepBestByWer,
        @Describe("Stop when WER has not improved for this many evaluations (0: never)")
                @Range(min = 0)
                int earlyStoppingPatience,
        @Describe("Stop when this many batches in a row give a non-finite loss or gradient")
                @Range(min = 1)
                int maxNonFiniteBatches,
        @Describe("Where to train: CPU or CUDA GPUs (needs the cuda build)") Device device,
        @Describe(
                        "Local devices trained in parallel through ParallelWrapper (1: plain fit;"
                                + " 0: one per GPU on CUDA, a plain fit on the CPU)")
                @Range(min = 0, max = 64)
                int workers,
        @Describe("With several workers: batches each trains between two parameter averages")
                @Range(min = 1, max = 10000)
                int averagingFrequency,
        @Describe(
                        "Fine-tune: the checkpoint (or run) folder whose weights start this run,"
                                + " with a fresh optimizer at step 0 (empty: train from scratch)")
                String initFrom,
        @Describe(
                        "Fine-tune: layers kept as the checkpoint has them, e.g. [conv, rnn.0]"
                                + " (conv, conv.N, rnn, rnn.N, output; N from 0)")
                List<String> freeze,
        @Describe(
                        "Batches whose gradients are summed into one optimizer step, as one N-times"
                            + " larger batch (one device only; batch norm takes each batch's own"
                            + " statistics and moves its running statistics once per batch, as"
                            + " PyTorch does)")
                @Range(min = 1, max = 1024)
                int accumulate) {

    public TrainConfig {
        initFrom = initFrom == null ? "" : initFrom;
        freeze = freeze == null ? List.of() : List.copyOf(freeze);
    }

    /** Compute device family. */
    public enum Device {
        CPU,
        CUDA
    }

    /** The same run on other devices. */
    public TrainConfig withDevices(Device newDevice, int newWorkers) {
        return new TrainConfig(
                epochs,
                maxSteps,
                seed,
                evalEverySteps,
                checkpointEverySteps,
                keepLast,
                keepBestByWer,
                earlyStoppingPatience,
                maxNonFiniteBatches,
                newDevice,
                newWorkers,
                averagingFrequency,
                initFrom,
                freeze,
                accumulate);
    }

    /** The same run started from the weights in {@code checkpoint}, {@code frozen} kept fixed. */
    public TrainConfig withInitFrom(String checkpoint, List<String> frozen) {
        return new TrainConfig(
                epochs,
                maxSteps,
                seed,
                evalEverySteps,
                checkpointEverySteps,
                keepLast,
                keepBestByWer,
                earlyStoppingPatience,
                maxNonFiniteBatches,
                device,
                workers,
                averagingFrequency,
                checkpoint,
                frozen,
                accumulate);
    }

    /** Whether the run starts from a checkpoint's weights. */
    public boolean fineTunes() {
        return !initFrom.isBlank();
    }

    /** The same run stopped after {@code newMaxSteps} steps (0: the epochs decide). */
    public TrainConfig withMaxSteps(long newMaxSteps) {
        return new TrainConfig(
                epochs,
                newMaxSteps,
                seed,
                evalEverySteps,
                checkpointEverySteps,
                keepLast,
                keepBestByWer,
                earlyStoppingPatience,
                maxNonFiniteBatches,
                device,
                workers,
                averagingFrequency,
                initFrom,
                freeze,
                accumulate);
    }

    public static TrainConfig defaults() {
        return new TrainConfig(
                20, 0, 1234, 500, 500, 3, 2, 0, 10, Device.CPU, 1, 1, "", List.of(), 1);
    }
}
