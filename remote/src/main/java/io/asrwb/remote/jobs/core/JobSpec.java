package io.asrwb.remote.jobs.core;

import java.util.Objects;

/**
 * What the user asked for; never changes after submission.
 *
 * @param dataset the local catalog's dataset to train on (its curated manifest is what goes over)
 * @param configYaml the complete run config as YAML (presets resolved), as the remote run gets it
 * @param plan where and how it runs
 * @param maxRestarts how often a process that died without finishing is resumed automatically
 * @param backend the ND4J backend asked for; decided per host when the bundle is sent
 */
public record JobSpec(
        String dataset,
        String configYaml,
        LaunchPlan plan,
        int maxRestarts,
        BackendRequest backend) {

    /** Restarts allowed unless the user says otherwise. */
    public static final int DEFAULT_MAX_RESTARTS = 3;

    public JobSpec {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(configYaml, "configYaml");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(backend, "backend");
        if (dataset.isBlank()) {
            throw new IllegalArgumentException("a job needs a dataset: --dataset NAME");
        }
        if (maxRestarts < 0 || maxRestarts > 100) {
            throw new IllegalArgumentException("max restarts must be 0..100, was " + maxRestarts);
        }
    }

    /** A job on the backend its hosts suit ({@link BackendRequest#AUTO}). */
    public JobSpec(String dataset, String configYaml, LaunchPlan plan, int maxRestarts) {
        this(dataset, configYaml, plan, maxRestarts, BackendRequest.AUTO);
    }
}
