/**
 * What a job is and what every stage shares: its spec and launch plan, its state, its row in the
 * catalog ({@link io.asrwb.remote.jobs.core.JobRepository}), and where its files live on a host
 * ({@link io.asrwb.remote.jobs.core.RemoteLayout}).
 */
package io.asrwb.remote.jobs.core;
