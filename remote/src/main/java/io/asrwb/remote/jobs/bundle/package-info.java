/**
 * What is packed and sent to a host before a job runs: the engine runtime (content-addressed
 * jars, the CUDA ones only where a GPU can use them), the curated dataset and the job's config.
 */
package io.asrwb.remote.jobs.bundle;
