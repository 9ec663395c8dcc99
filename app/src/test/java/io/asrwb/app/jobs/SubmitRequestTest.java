package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.LaunchPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The submit dialog's choices become the same job spec as {@code asrwb job submit}'s options. */
class SubmitRequestTest {

    @Test
    void aSparkRequestBecomesASparkPlanWithTheClisDefaults() {
        JobSpec spec =
                new SubmitRequest(List.of("a", "b"), "tiny", "demo", LaunchPlan.Spark.MODE, 2)
                        .toSpec();

        assertThat(spec.plan())
                .isEqualTo(new LaunchPlan.Spark(List.of("a", "b"), "", 1, "4g", 7077));
        assertThat(spec.plan().mode()).isEqualTo("spark");
        assertThat(spec.maxRestarts()).isEqualTo(2);
    }

    @Test
    void aSparkRequestKeepsItsSettings() {
        SparkSettings settings = new SparkSettings(" spark://head:7077 ", 2, "768m", 7078);
        JobSpec spec =
                new SubmitRequest(List.of("a"), "tiny", "demo", "spark", 0, "cpu", settings)
                        .toSpec();

        assertThat(spec.plan())
                .isEqualTo(
                        new LaunchPlan.Spark(List.of("a"), "spark://head:7077", 2, "768m", 7078));
    }

    @Test
    void aSingleRequestIgnoresTheSparkSettings() {
        JobSpec spec =
                new SubmitRequest(
                                List.of("a", "b"),
                                "tiny",
                                "demo",
                                "single",
                                0,
                                "auto",
                                new SparkSettings("", 3, "1g", 7077))
                        .toSpec();

        assertThat(spec.plan()).isEqualTo(new LaunchPlan.SingleNode(List.of("a", "b")));
    }

    @Test
    void wrongSparkChoicesAreRefusedWithTheirReason() {
        assertThatThrownBy(() -> spark(List.of("a", "a"), SparkSettings.DEFAULTS))
                .hasMessageContaining("names each host once");
        assertThatThrownBy(() -> spark(List.of("a"), new SparkSettings("", 1, "lots", 7077)))
                .hasMessageContaining("worker memory must look like 4g");
        assertThatThrownBy(() -> spark(List.of("a"), new SparkSettings("head:7077", 1, "4g", 7077)))
                .hasMessageContaining("spark://HOST:PORT");
        assertThatThrownBy(
                        () -> new SubmitRequest(List.of("a"), "tiny", "demo", "sparks", 0).toSpec())
                .hasMessageContaining("mode must be single or spark, was 'sparks'");
    }

    private static JobSpec spark(List<String> hosts, SparkSettings settings) {
        return new SubmitRequest(hosts, "tiny", "demo", "spark", 0, "auto", settings).toSpec();
    }
}
