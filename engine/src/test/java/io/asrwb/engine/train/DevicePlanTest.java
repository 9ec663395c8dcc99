package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.config.TrainConfig.Device;
import io.asrwb.engine.events.ComputeBackend;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DevicePlan} against backends as {@link ComputeBackend#loaded} describes them. The CUDA
 * ones are written out here: this machine has no GPU, so ND4J's CUDA backend cannot load in a test.
 */
class DevicePlanTest {

    private static final ComputeBackend CPU =
            new ComputeBackend(ComputeBackend.NATIVE, "CpuBackend", List.of("cpu"));
    private static final ComputeBackend TWO_GPUS =
            new ComputeBackend(ComputeBackend.CUDA, "JCublasBackend", List.of("cuda:0", "cuda:1"));

    @Test
    void workersZeroIsOnePerGpuOnCudaAndAPlainFitOnTheCpu() {
        assertThat(DevicePlan.of(train(Device.CUDA, 0), TWO_GPUS).workers()).isEqualTo(2);
        assertThat(DevicePlan.of(train(Device.CPU, 0), CPU).workers()).isEqualTo(1);
        assertThat(DevicePlan.of(train(Device.CPU, 3), CPU).workers()).isEqualTo(3);
    }

    @Test
    void moreCudaWorkersThanGpusAreRefusedWithTheCount() {
        assertThatThrownBy(() -> DevicePlan.of(train(Device.CUDA, 3), TWO_GPUS))
                .isInstanceOf(RunLaunchException.class)
                .hasMessageContaining("train.workers is 3, but ND4J sees 2 GPUs (cuda:0, cuda:1)")
                .hasMessageContaining("0 for one per GPU");
    }

    @Test
    void accumulationIsRefusedWhereParallelWrapperTrains() {
        TrainConfig accumulating =
                ConfigFields.with(RunConfig.defaults(), "train.accumulate", 2).train();

        assertThat(DevicePlan.of(accumulating, CPU).workers()).isEqualTo(1);
        assertThatThrownBy(() -> DevicePlan.of(accumulating.withDevices(Device.CPU, 2), CPU))
                .isInstanceOf(RunLaunchException.class)
                .hasMessageContaining("train.accumulate is 2, but 2 workers train through")
                .hasMessageContaining("train.workers: 1");
        assertThatThrownBy(() -> DevicePlan.of(accumulating.withDevices(Device.CUDA, 0), TWO_GPUS))
                .isInstanceOf(RunLaunchException.class)
                .hasMessageContaining("ParallelWrapper");
    }

    @Test
    void cpuAskedForOnCudaTrainsOnTheGpusWithANote() {
        DevicePlan plan = DevicePlan.of(train(Device.CPU, 1), TWO_GPUS);

        assertThat(plan.workers()).isEqualTo(1);
        assertThat(plan.notes())
                .singleElement()
                .asString()
                .contains("one backend per process")
                .contains("BACKEND_PRIORITY_CPU");
    }

    @Test
    void theBackendNameComesFromNd4jsClass() {
        assertThat(ComputeBackend.nameOf("JCublasBackend")).isEqualTo("cuda");
        assertThat(ComputeBackend.nameOf("CpuBackend")).isEqualTo("nd4j-native");
    }

    private static TrainConfig train(Device device, int workers) {
        return TrainConfig.defaults().withDevices(device, workers);
    }
}
