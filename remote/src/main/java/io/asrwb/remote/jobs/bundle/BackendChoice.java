package io.asrwb.remote.jobs.bundle;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.config.TrainConfig.Device;
import io.asrwb.remote.hosts.Gpu;
import io.asrwb.remote.jobs.core.BackendRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The ND4J backend a job runs on one host, decided per host when its bundle is sent: what the
 * user asked for ({@link BackendRequest}), the host's GPUs (nvidia-smi, probed over the session
 * that sends the bundle) and whether this build carries the CUDA jars ({@code lib-cuda}).
 *
 * @param device {@link Device#CUDA} or {@link Device#CPU}: which jars and {@code train.device} the
 *     host gets
 * @param gpus the host's GPUs (empty for a CPU box)
 * @param warnings what the user should read (GPUs left idle because this build has no CUDA jars)
 */
public record BackendChoice(Device device, List<Gpu> gpus, List<String> warnings) {

    public BackendChoice {
        gpus = List.copyOf(gpus);
        warnings = List.copyOf(warnings);
    }

    /**
     * @param host the host's inventory name, for the messages
     * @param cudaJarsHere whether this build carries the CUDA backend's jars
     * @param spark whether the job is a Spark job (CPU only in this version)
     * @throws IllegalArgumentException when CUDA is asked for and this build, the host or the
     *     launch mode cannot give it
     */
    public static BackendChoice choose(
            BackendRequest request,
            String host,
            List<Gpu> gpus,
            boolean cudaJarsHere,
            boolean spark) {
        List<String> warnings = new ArrayList<>();
        if (request == BackendRequest.CUDA) {
            if (spark) {
                throw new IllegalArgumentException(
                        "--backend cuda is not offered for Spark jobs yet: their boxes train on the"
                            + " CPU backend; submit with --mode single to train on one box's GPUs");
            }
            if (!cudaJarsHere) {
                throw new IllegalArgumentException(
                        "--backend cuda: this ASR Workbench carries no CUDA jars (no lib-cuda"
                            + " folder beside its engine jar); install its CUDA variant, or build"
                            + " them from source with `./mvnw -B -Pcuda-jars -pl engine -am package"
                            + " -DskipTests`; nothing was sent to "
                                + host);
            }
            if (gpus.isEmpty()) {
                throw new IllegalArgumentException(
                        "--backend cuda: "
                                + host
                                + " has no NVIDIA GPU"
                                + " (nvidia-smi lists none; `asrwb host test "
                                + host
                                + "` shows what it finds);"
                                + " submit with --backend cpu or to a GPU box; nothing was sent to "
                                + host);
            }
            return new BackendChoice(Device.CUDA, gpus, warnings);
        }
        if (request == BackendRequest.AUTO && !gpus.isEmpty() && !spark) {
            if (cudaJarsHere) {
                return new BackendChoice(Device.CUDA, gpus, warnings);
            }
            warnings.add(
                    host
                            + " has "
                            + gpus.size()
                            + " NVIDIA GPU"
                            + (gpus.size() == 1 ? "" : "s")
                            + ", but this ASR Workbench carries no CUDA jars (no lib-cuda folder"
                            + " beside its engine jar): the job trains on the CPU. Install the CUDA"
                            + " variant, or build with `./mvnw -B -Pcuda-jars -pl engine -am"
                            + " package -DskipTests`, to use them");
        }
        return new BackendChoice(Device.CPU, gpus, warnings);
    }

    /** {@code cuda} or {@code cpu}, as the job list shows it. */
    public String word() {
        return device == Device.CUDA ? "cuda" : "cpu";
    }

    /**
     * The job's config for this host: {@code train.device} set to the choice; on CUDA, {@code
     * train.workers: 0} (one per GPU) becomes the host's GPU count, and more workers than it has
     * GPUs are refused here rather than by the engine after the bundle went over.
     *
     * @throws IllegalArgumentException for more CUDA workers than the host has GPUs
     */
    public String configFor(String configYaml, String host) {
        RunConfigYaml yaml = RunConfigYaml.standard();
        RunConfig config;
        try {
            config = yaml.read(configYaml, "the job's config");
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        TrainConfig train = config.train();
        int workers = train.workers();
        if (device == Device.CUDA) {
            if (workers == 0) {
                workers = gpus.size();
            } else if (workers > gpus.size()) {
                throw new IllegalArgumentException(
                        "train.workers is "
                                + workers
                                + ", but "
                                + host
                                + " has "
                                + gpus.size()
                                + " GPU"
                                + (gpus.size() == 1 ? "" : "s")
                                + "; set"
                                + " train.workers to at most "
                                + gpus.size()
                                + ", or 0 for one per GPU");
            }
        }
        return yaml.write(config.withTrain(train.withDevices(device, workers)));
    }

    /**
     * A run's config (one carried from another host) set to train on the devices {@code
     * hostConfigYaml} (this host's {@link #configFor}) names, everything else as it was.
     */
    public static String withDevicesOf(String configYaml, String hostConfigYaml) {
        RunConfigYaml yaml = RunConfigYaml.standard();
        try {
            RunConfig run = yaml.read(configYaml, "the run's config");
            TrainConfig host = yaml.read(hostConfigYaml, "the job's config").train();
            return yaml.write(
                    run.withTrain(run.train().withDevices(host.device(), host.workers())));
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The jars the host's class path gets: the engine's, and the CUDA backend's on CUDA. */
    public List<Path> jars(RuntimeJars runtime) {
        if (device != Device.CUDA) {
            return runtime.jars();
        }
        List<Path> all = new ArrayList<>(runtime.jars());
        all.addAll(runtime.cudaJars());
        return all;
    }
}
