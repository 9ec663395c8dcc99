package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Where and with what a checkpoint was made, so a result can be traced and a resume on another
 * native build (whose numbers differ in the 5th digit) can be noticed.
 *
 * @param appVersion version of the engine jar ({@code "dev"} when run from classes)
 * @param backend ND4J backend class, e.g. {@code CpuBackend} or {@code JCublasBackend}
 * @param environment ND4J's environment report: BLAS vendor, cores, memory, CUDA devices
 * @param os operating system name, version and architecture
 * @param java Java runtime vendor and version
 * @param savedAt when the checkpoint was written (ISO-8601, UTC)
 * @param startedFrom the checkpoint a fine-tuned run started from; null for a run from scratch
 */
public record Provenance(
        String appVersion,
        String backend,
        Map<String, String> environment,
        String os,
        String java,
        String savedAt,
        // left out when null: a run from scratch writes state.json as before this field existed
        @JsonInclude(JsonInclude.Include.NON_NULL) StartedFrom startedFrom) {

    public Provenance {
        environment = Map.copyOf(environment);
    }

    /** The same provenance for a run that started from {@code origin} (null: from scratch). */
    public Provenance withStartedFrom(StartedFrom origin) {
        return new Provenance(appVersion, backend, environment, os, java, savedAt, origin);
    }

    /** The provenance of this process now. */
    public static Provenance current() {
        return new Provenance(
                currentAppVersion(),
                Nd4j.getBackend().getClass().getSimpleName(),
                environmentReport(),
                System.getProperty("os.name")
                        + " "
                        + System.getProperty("os.version")
                        + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vendor") + " " + System.getProperty("java.version"),
                Instant.now().toString(),
                null);
    }

    private static String currentAppVersion() {
        String version = Provenance.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    private static Map<String, String> environmentReport() {
        Properties properties = Nd4j.getExecutioner().getEnvironmentInformation();
        Map<String, String> report = new TreeMap<>();
        properties.forEach((key, value) -> report.put(String.valueOf(key), String.valueOf(value)));
        return report;
    }
}
