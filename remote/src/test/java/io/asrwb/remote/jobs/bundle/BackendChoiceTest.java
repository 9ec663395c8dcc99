package io.asrwb.remote.jobs.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.config.TrainConfig.Device;
import io.asrwb.remote.hosts.Gpu;
import io.asrwb.remote.jobs.core.BackendRequest;
import io.asrwb.remote.testing.JobTestBed;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which backend a host gets, and the config it runs with. */
class BackendChoiceTest {

    private static final List<Gpu> TWO =
            List.of(
                    new Gpu(0, "NVIDIA H100 80GB HBM3", 81559, 0, 0),
                    new Gpu(1, "NVIDIA H100 80GB HBM3", 81559, 0, 0));

    @Test
    void autoIsCudaOnlyWithGpusThereAndCudaJarsHere() {
        assertThat(choose(BackendRequest.AUTO, TWO, true).device()).isEqualTo(Device.CUDA);
        assertThat(choose(BackendRequest.AUTO, List.of(), true).device()).isEqualTo(Device.CPU);
        assertThat(choose(BackendRequest.AUTO, List.of(), true).warnings()).isEmpty();
        BackendChoice noJars = choose(BackendRequest.AUTO, TWO, false);
        assertThat(noJars.device()).isEqualTo(Device.CPU);
        assertThat(noJars.warnings())
                .singleElement()
                .asString()
                .contains("gpubox has 2 NVIDIA GPUs")
                .contains("no CUDA jars")
                .contains("-Pcuda-jars");
        assertThat(choose(BackendRequest.CPU, TWO, true).device()).isEqualTo(Device.CPU);
    }

    @Test
    void cudaWithoutGpusOrJarsOrForSparkIsRefused() {
        assertThatThrownBy(() -> choose(BackendRequest.CUDA, List.of(), true))
                .hasMessageContaining("gpubox has no NVIDIA GPU")
                .hasMessageContaining("nothing was sent");
        assertThatThrownBy(() -> choose(BackendRequest.CUDA, TWO, false))
                .hasMessageContaining("carries no CUDA jars")
                .hasMessageContaining("lib-cuda");
        assertThatThrownBy(
                        () -> BackendChoice.choose(BackendRequest.CUDA, "gpubox", TWO, true, true))
                .hasMessageContaining("not offered for Spark jobs");
    }

    @Test
    void cudaSetsTheDeviceAndWorkersZeroBecomesTheGpuCount() throws Exception {
        BackendChoice cuda = choose(BackendRequest.CUDA, TWO, true);
        String config = withWorkers(0);

        RunConfig run = RunConfigYaml.standard().read(cuda.configFor(config, "gpubox"), "test");

        assertThat(run.train().device()).isEqualTo(Device.CUDA);
        assertThat(run.train().workers()).isEqualTo(2);
        assertThatThrownBy(() -> cuda.configFor(withWorkers(3), "gpubox"))
                .hasMessageContaining("train.workers is 3, but gpubox has 2 GPUs");
        RunConfig cpu =
                RunConfigYaml.standard()
                        .read(
                                choose(BackendRequest.CPU, TWO, true)
                                        .configFor(withWorkers(0), "gpubox"),
                                "test");
        assertThat(cpu.train().device()).isEqualTo(Device.CPU);
        assertThat(cpu.train().workers()).isZero();
    }

    @Test
    void aRunCarriedFromAGpuBoxToACpuBoxTakesTheNewBoxsDevicesAndKeepsTheRest() throws Exception {
        String onGpuBox =
                choose(BackendRequest.CUDA, TWO, true).configFor(withWorkers(0), "gpubox");
        String spareBox =
                choose(BackendRequest.AUTO, List.of(), true).configFor(withWorkers(0), "spare");

        RunConfigYaml yaml = RunConfigYaml.standard();
        RunConfig carried = yaml.read(BackendChoice.withDevicesOf(onGpuBox, spareBox), "test");

        assertThat(carried.train().device()).isEqualTo(Device.CPU);
        assertThat(carried.train().workers()).isZero();
        RunConfig before = yaml.read(onGpuBox, "test");
        assertThat(carried.withTrain(before.train())).isEqualTo(before);
    }

    @Test
    void requestsReadFromTheirWordsOnly() {
        assertThat(BackendRequest.parse("CUDA")).isEqualTo(BackendRequest.CUDA);
        assertThatThrownBy(() -> BackendRequest.parse("gpu"))
                .hasMessage("--backend must be auto, cpu or cuda, was 'gpu'");
    }

    private static BackendChoice choose(BackendRequest request, List<Gpu> gpus, boolean jars) {
        return BackendChoice.choose(request, "gpubox", gpus, jars, false);
    }

    private static String withWorkers(int workers) throws Exception {
        RunConfigYaml yaml = RunConfigYaml.standard();
        RunConfig run = yaml.read(JobTestBed.config(12, 6), "test");
        return yaml.write(run.withTrain(run.train().withDevices(Device.CPU, workers)));
    }
}
