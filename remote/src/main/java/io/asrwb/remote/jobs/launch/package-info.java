/**
 * Starting, watching and stopping a job's processes on its host(s), one {@link
 * io.asrwb.remote.jobs.launch.PlanLauncher} per kind of launch plan (a single node, a Spark
 * cluster with its driver), and putting a job on a host (submit, move).
 */
package io.asrwb.remote.jobs.launch;
