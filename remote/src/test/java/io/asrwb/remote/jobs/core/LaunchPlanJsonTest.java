package io.asrwb.remote.jobs.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.spark.SparkClusterPlan;
import io.asrwb.remote.spark.SparkMaster;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Launch plans as the catalog stores them, and the Spark plan's cluster. */
class LaunchPlanJsonTest {

    @Test
    void bothPlansSurviveTheCatalog() {
        LaunchPlan single = new LaunchPlan.SingleNode(List.of("a", "b"));
        LaunchPlan spark = new LaunchPlan.Spark(List.of("a", "b"), "", 2, "3g", 7078);
        LaunchPlan existing = new LaunchPlan.Spark(List.of("a"), "spark://m:7077", 4, "1g", 7077);

        for (LaunchPlan plan : List.of(single, spark, existing)) {
            assertThat(LaunchPlanJson.read(LaunchPlanJson.write(plan))).isEqualTo(plan);
        }
    }

    @Test
    void aSparkPlanStartsItsClusterOnItsHostsOrUsesAnExistingOne() {
        SparkClusterPlan own =
                new LaunchPlan.Spark(List.of("a", "b"), "", 2, "3g", 7078)
                        .cluster(h -> h.equals("a") ? "10.0.0.1" : "10.0.0.2");
        assertThat(own.master().url()).isEqualTo("spark://10.0.0.1:7078");
        assertThat(own.workers()).hasSize(2);
        assertThat(own.replicas()).isEqualTo(4);
        assertThat(own.driver().host()).isEqualTo("a");

        SparkClusterPlan theirs =
                new LaunchPlan.Spark(List.of("a"), "spark://m:7077", 4, "1g", 7077)
                        .cluster(h -> "10.0.0.1");
        assertThat(theirs.master()).isEqualTo(new SparkMaster.Existing("spark://m:7077"));
        assertThat(theirs.workers()).isEmpty();
        assertThat(theirs.replicas()).isEqualTo(4);
    }

    @Test
    void aSparkPlanRefusesWhatCannotRun() {
        assertThatThrownBy(() -> new LaunchPlan.Spark(List.of(), "", 1, "1g", 7077))
                .hasMessageContaining("--host A,B");
        assertThatThrownBy(() -> new LaunchPlan.Spark(List.of("a", "a"), "", 1, "1g", 7077))
                .hasMessageContaining("each host once");
        assertThatThrownBy(() -> new LaunchPlan.Spark(List.of("a"), "http://m", 1, "1g", 7077))
                .hasMessageContaining("spark://HOST:PORT");
        assertThatThrownBy(() -> new LaunchPlan.Spark(List.of("a"), "", 0, "1g", 7077))
                .hasMessageContaining("at least one core");
    }
}
