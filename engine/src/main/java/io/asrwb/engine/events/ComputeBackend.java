package io.asrwb.engine.events;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The ND4J backend this process loaded and the devices it trains on. ND4J picks one backend per
 * JVM, the first time it is used: of those on the class path, the one of highest priority that
 * loads (CUDA before the CPU; a CUDA backend whose libraries or GPUs are missing is skipped with a
 * logged warning), so what {@code train.device} asks for can only be checked, never switched.
 *
 * @param name {@link #NATIVE} or {@link #CUDA}, as the run-start event and the job list show it
 * @param nd4jClass the backend's class name, e.g. {@code CpuBackend} or {@code JCublasBackend}
 * @param devices {@code cpu}, or {@code cuda:0}, {@code cuda:1}, … one per GPU
 */
public record ComputeBackend(String name, String nd4jClass, List<String> devices) {

    /** ND4J's CPU backend (artifact nd4j-native). */
    public static final String NATIVE = "nd4j-native";

    /** ND4J's CUDA backend (artifact nd4j-cuda-11.6). */
    public static final String CUDA = "cuda";

    public ComputeBackend {
        devices = List.copyOf(devices);
    }

    /** The backend ND4J loaded (loading it now if nothing has used ND4J yet). */
    public static ComputeBackend loaded() {
        String nd4jClass = Nd4j.getBackend().getClass().getSimpleName();
        if (!nameOf(nd4jClass).equals(CUDA)) {
            return new ComputeBackend(NATIVE, nd4jClass, List.of("cpu"));
        }
        int count = Nd4j.getAffinityManager().getNumberOfDevices();
        List<String> devices = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            devices.add("cuda:" + i);
        }
        return new ComputeBackend(CUDA, nd4jClass, devices);
    }

    /** {@link #CUDA} for ND4J's CUDA backend class ({@code JCublasBackend}), else {@link #NATIVE}. */
    public static String nameOf(String nd4jClass) {
        String lower = nd4jClass.toLowerCase(Locale.ROOT);
        return lower.contains("cublas") || lower.contains("cuda") ? CUDA : NATIVE;
    }

    public boolean cuda() {
        return name.equals(CUDA);
    }

    /** GPUs ND4J sees; 0 on the CPU backend. */
    public int gpuCount() {
        return cuda() ? devices.size() : 0;
    }
}
