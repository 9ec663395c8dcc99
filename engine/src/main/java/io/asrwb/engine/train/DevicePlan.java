package io.asrwb.engine.train;

import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.config.TrainConfig.Device;
import io.asrwb.engine.events.ComputeBackend;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run uses this process's devices: {@code train.device} and {@code train.workers} held
 * against the backend ND4J loaded. Refuses what cannot be honoured before anything is trained or
 * written, rather than training somewhere else than asked without a word.
 *
 * @param backend what ND4J loaded
 * @param workers model replicas trained in parallel (ParallelWrapper when more than 1)
 * @param notes what the user should read (a device asked for that this process cannot switch to)
 */
public record DevicePlan(ComputeBackend backend, int workers, List<String> notes) {

    public DevicePlan {
        notes = List.copyOf(notes);
    }

    /** The plan for this process's backend. */
    public static DevicePlan forLoadedBackend(TrainConfig train) {
        return of(train, ComputeBackend.loaded());
    }

    /**
     * @throws RunLaunchException when {@code device: cuda} meets the CPU backend, or more CUDA
     *     workers are asked for than there are GPUs, or several workers meet {@code
     *     train.accumulate > 1}
     */
    public static DevicePlan of(TrainConfig train, ComputeBackend backend) {
        List<String> notes = new ArrayList<>();
        if (train.device() == Device.CUDA && !backend.cuda()) {
            throw new RunLaunchException(
                    "train.device is cuda, but ND4J loaded its CPU backend ("
                            + backend.name()
                            + ", "
                            + backend.nd4jClass()
                            + "): this ASR Workbench has no working CUDA backend. To train on GPUs,"
                            + " run the CUDA variant (or a source build with the CUDA jars: `./mvnw"
                            + " -B -Pcuda-jars -pl engine -am package -DskipTests` puts them in"
                            + " engine/target/lib-cuda, which ./asrwb adds to the class path) on a"
                            + " box with an NVIDIA driver and the CUDA 11.6 libraries (runtime,"
                            + " cuBLAS, cuSOLVER) (ND4J's log above says why CUDA did not load,"
                            + " when its jars were there); or set train.device: cpu");
        }
        if (train.device() == Device.CPU && backend.cuda()) {
            notes.add(
                    "train.device is cpu, but this process loaded ND4J's CUDA backend, and ND4J has"
                            + " one backend per process: training on "
                            + String.join(", ", backend.devices())
                            + ". To train on the CPU, start without the CUDA jars on the class path"
                            + " (or with the environment variable BACKEND_PRIORITY_CPU=200, above"
                            + " CUDA's 100)");
        }
        int workers = train.workers();
        if (backend.cuda()) {
            int gpus = backend.gpuCount();
            if (workers == 0) {
                workers = gpus;
            } else if (workers > gpus) {
                throw new RunLaunchException(
                        "train.workers is "
                                + workers
                                + ", but ND4J sees "
                                + gpus
                                + " GPU"
                                + (gpus == 1 ? "" : "s")
                                + " ("
                                + String.join(", ", backend.devices())
                                + "): set train.workers to at most "
                                + gpus
                                + ", or 0 for one per GPU");
            }
        } else if (workers == 0) {
            workers = 1; // "one per GPU" on the CPU: a plain fit
        }
        if (workers > 1 && train.accumulate() > 1) {
            throw new RunLaunchException(
                    "train.accumulate is "
                            + train.accumulate()
                            + ", but "
                            + workers
                            + " workers train through ParallelWrapper, whose fit cannot accumulate"
                            + " gradients: set train.accumulate: 1 (or raise data.batch_size), or"
                            + " train.workers: 1");
        }
        return new DevicePlan(backend, workers, notes);
    }
}
