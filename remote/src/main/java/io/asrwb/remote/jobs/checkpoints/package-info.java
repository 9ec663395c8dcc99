/**
 * A job's checkpoints on this machine: fetched from the host into a run folder, and the newest
 * ones kept while the job is followed (for fetch and failover when the host is gone).
 */
package io.asrwb.remote.jobs.checkpoints;
