/**
 * Following a running job: its {@code events.jsonl} streamed from a saved offset, reconnects,
 * reattach, heartbeats and hangs, automatic resume of a process that died, and the hooks for
 * failover and for copying checkpoints off the host.
 */
package io.asrwb.remote.jobs.follow;
