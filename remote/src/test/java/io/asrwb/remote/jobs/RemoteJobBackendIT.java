package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.config.TrainConfig.Device;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.BackendRequest;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestJars;
import io.asrwb.remote.testing.TestRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backend decided per host on real loopback SSH servers running the real engine. A host "with
 * GPUs" is a server with an {@code nvidia-smi} on its PATH that prints two lines as a real
 * {@code nvidia-smi --query-gpu=name,memory.total,memory.used,utilization.gpu
 * --format=csv,noheader} does on a two-H100 box: a stand-in for hardware this machine does not
 * have. The CUDA jars are a small real jar built here, not the 600 MB nd4j-cuda one; so the
 * engine on the "GPU" host still loads ND4J's CPU backend and must refuse {@code device: cuda}.
 */
@Timeout(300)
class RemoteJobBackendIT {

    private static final String GPU_HOST = "gpubox";

    @TempDir Path dir;

    @Test
    void aGpuHostGetsTheCudaJarsAndDeviceAndACpuHostDoesNot() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "mini", 6)) {
            Path gpuHome = bed.addHost(GPU_HOST).home();
            fakeNvidiaSmi(gpuHome);
            Path cudaJar =
                    TestJars.jar(
                            dir.resolve("lib-cuda/nd4j-cuda-stand-in.jar"),
                            Map.of(
                                    "org/nd4j/cuda/README.txt",
                                    "stands in for nd4j-cuda-11.6 in a test"));
            RemoteJobs jobs = withCudaJars(bed, cudaJar);
            String cudaName = ContentHash.addressedName(cudaJar);
            String allGpus = withWorkers(JobTestBed.config(12, 6), 0);

            List<String> warnings = new CopyOnWriteArrayList<>();
            JobRecord gpuJob =
                    jobs.submit(spec(GPU_HOST, allGpus, BackendRequest.AUTO), warningsTo(warnings));
            Path gpuJobDir = gpuHome.resolve(RemoteLayout.job(gpuJob.id()));

            assertThat(gpuJob.backend()).isEqualTo("cuda");
            assertThat(warnings).isEmpty();
            assertThat(Files.readString(gpuJobDir.resolve("classpath.txt"))).contains(cudaName);
            var sent = RunConfigYaml.standard().load(gpuJobDir.resolve("job.yaml")).train();
            assertThat(sent.device()).isEqualTo(Device.CUDA);
            assertThat(sent.workers()).isEqualTo(2); // workers: 0 = one per GPU of the host
            // the real engine there has no working CUDA backend: it refuses, and says why
            String log = awaitExit(gpuJobDir);
            assertThat(log).contains("train.device is cuda, but ND4J loaded its CPU backend");

            JobRecord cpuJob =
                    jobs.submit(
                            spec(JobTestBed.HOST, allGpus, BackendRequest.AUTO),
                            warningsTo(warnings));
            Path cpuJobDir = bed.server.home().resolve(RemoteLayout.job(cpuJob.id()));

            assertThat(cpuJob.backend()).isEqualTo("cpu");
            assertThat(Files.readString(cpuJobDir.resolve("classpath.txt")))
                    .doesNotContain(cudaName);
            assertThat(
                            RunConfigYaml.standard()
                                    .load(cpuJobDir.resolve("job.yaml"))
                                    .train()
                                    .device())
                    .isEqualTo(Device.CPU);
            EventRecorder events = new EventRecorder();
            assertThat(jobs.attach(cpuJob.id(), events)).isInstanceOf(JobState.Finished.class);
            assertThat(events.events.get(0)).contains("\"backendName\":\"nd4j-native\"");
            assertThat(jobs.list()).extracting(JobRecord::backend).containsExactly("cpu", "cuda");
        }
    }

    @Test
    void cudaAskedOfACpuHostIsRefusedBeforeAnythingIsRecordedOrSent() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "mini", 4)) {
            Path cudaJar =
                    TestJars.jar(
                            dir.resolve("lib-cuda/nd4j-cuda-stand-in.jar"),
                            Map.of(
                                    "org/nd4j/cuda/README.txt",
                                    "stands in for nd4j-cuda-11.6 in a test"));
            RemoteJobs jobs = withCudaJars(bed, cudaJar);

            assertThatThrownBy(
                            () ->
                                    jobs.submit(
                                            spec(
                                                    JobTestBed.HOST,
                                                    JobTestBed.config(12, 6),
                                                    BackendRequest.CUDA),
                                            BundleProgress.ignore()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("box has no NVIDIA GPU")
                    .hasMessageContaining("nothing was sent");

            assertThat(jobs.list()).isEmpty();
            assertThat(bed.server.home().resolve(RemoteLayout.BASE).resolve("jobs")).doesNotExist();
            assertThat(
                            bed.server
                                    .home()
                                    .resolve(RemoteLayout.jars())
                                    .resolve(ContentHash.addressedName(cudaJar)))
                    .doesNotExist();
        }
    }

    @Test
    void aGpuHostWithoutCudaJarsHereTrainsOnTheCpuWithAWarning() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "mini", 4)) {
            fakeNvidiaSmi(bed.addHost(GPU_HOST).home());
            List<String> warnings = new CopyOnWriteArrayList<>();

            JobRecord job =
                    bed.jobs.submit(
                            spec(GPU_HOST, JobTestBed.config(12, 6), BackendRequest.AUTO),
                            warningsTo(warnings));

            assertThat(job.backend()).isEqualTo("cpu");
            assertThat(warnings)
                    .singleElement()
                    .asString()
                    .contains("gpubox has 2 NVIDIA GPUs")
                    .contains("no CUDA jars");
            bed.jobs.stop(job.id());
        }
    }

    private static RemoteJobs withCudaJars(JobTestBed bed, Path cudaJar) {
        RuntimeJars runtime = new RuntimeJars(TestRuntime.jars().jars(), List.of(cudaJar));
        return new RemoteJobs(
                bed.catalog,
                bed.sessions(),
                () -> runtime,
                bed.dir.resolve("staging"),
                JobTestBed.FOLLOW,
                Clock.systemUTC());
    }

    private static JobSpec spec(String host, String config, BackendRequest backend) {
        return new JobSpec("mini", config, new LaunchPlan.SingleNode(List.of(host)), 0, backend);
    }

    private static BundleProgress warningsTo(List<String> warnings) {
        return new BundleProgress() {
            @Override
            public void progress(String part, long done, long total) {}

            @Override
            public void warn(String message) {
                warnings.add(message);
            }
        };
    }

    /** Two H100s, as nvidia-smi lists them (see the class comment). */
    private static void fakeNvidiaSmi(Path home) throws IOException {
        Path smi = home.resolve("bin/nvidia-smi");
        Files.createDirectories(smi.getParent());
        Files.writeString(
                smi,
                "#!/bin/sh\n"
                        + "echo 'NVIDIA H100 80GB HBM3, 81559 MiB, 0 MiB, 0 %'\n"
                        + "echo 'NVIDIA H100 80GB HBM3, 81559 MiB, 0 MiB, 0 %'\n");
        Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwx------"));
    }

    private static String withWorkers(String yaml, int workers) throws Exception {
        RunConfigYaml y = RunConfigYaml.standard();
        var run = y.read(yaml, "test");
        return y.write(run.withTrain(run.train().withDevices(run.train().device(), workers)));
    }

    /** The job's log once its run.sh wrote exit.status (the engine refuses within seconds). */
    private static String awaitExit(Path jobDir) throws Exception {
        for (int i = 0; i < 1200 && !Files.exists(jobDir.resolve("exit.status")); i++) {
            Thread.sleep(100);
        }
        assertThat(Files.readString(jobDir.resolve("exit.status")).strip()).isNotEqualTo("0");
        return Files.readString(jobDir.resolve("job.log"));
    }
}
