package io.asrwb.app.jobs;

import io.asrwb.remote.jobs.core.BackendRequest;
import io.asrwb.remote.jobs.core.JobConfigs;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.LaunchPlan;
import java.util.List;

/**
 * What the submit dialog asks for.
 *
 * @param hosts the chosen hosts, in order of preference (spark: the first runs the driver)
 * @param config a preset name or a YAML file (see {@link JobConfigs#yaml})
 * @param dataset a dataset of the local catalog
 * @param mode {@code single} or {@code spark}
 * @param backend {@code auto}, {@code cpu} or {@code cuda} (see {@link BackendRequest})
 * @param spark what a {@code spark} job asks for beyond its hosts (unused by {@code single})
 */
public record SubmitRequest(
        List<String> hosts,
        String config,
        String dataset,
        String mode,
        int maxRestarts,
        String backend,
        SparkSettings spark) {

    public SubmitRequest {
        hosts = List.copyOf(hosts);
        spark = spark == null ? SparkSettings.DEFAULTS : spark;
    }

    /** A request with the CLI's Spark defaults. */
    public SubmitRequest(
            List<String> hosts,
            String config,
            String dataset,
            String mode,
            int maxRestarts,
            String backend) {
        this(hosts, config, dataset, mode, maxRestarts, backend, SparkSettings.DEFAULTS);
    }

    /** A request on the backend its hosts suit ({@code auto}). */
    public SubmitRequest(
            List<String> hosts, String config, String dataset, String mode, int maxRestarts) {
        this(hosts, config, dataset, mode, maxRestarts, BackendRequest.AUTO.word());
    }

    /** @throws IllegalArgumentException saying which choice is wrong */
    public JobSpec toSpec() {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException(
                    "choose at least one host (add one on the Hosts tab)");
        }
        if (dataset == null || dataset.isBlank()) {
            throw new IllegalArgumentException("choose a dataset (import one on the Datasets tab)");
        }
        LaunchPlan plan =
                switch (mode) {
                    case LaunchPlan.SingleNode.MODE -> new LaunchPlan.SingleNode(hosts);
                    case LaunchPlan.Spark.MODE -> spark.plan(hosts);
                    default ->
                            throw new IllegalArgumentException(
                                    "mode must be single or spark, was '" + mode + "'");
                };
        return new JobSpec(
                dataset, JobConfigs.yaml(config), plan, maxRestarts, BackendRequest.parse(backend));
    }
}
