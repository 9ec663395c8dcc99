/**
 * Remote training jobs: {@link io.asrwb.remote.jobs.RemoteJobs} puts the stages together for the
 * CLI and the app. Each stage is a package of its own, and they depend on one another in one
 * direction only: {@code checkpoints} → {@code follow} → {@code launch} → {@code bundle} → {@code
 * core}.
 */
package io.asrwb.remote.jobs;
