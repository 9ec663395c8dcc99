package io.asrwb.remote.ssh;

/** What the user decided about a host key seen for the first time. */
public enum HostKeyDecision {
    /** Connect this time; ask again next time. */
    TRUST_ONCE,
    /** Connect and save the key in the app's known_hosts file. */
    TRUST_AND_SAVE,
    /** Do not connect. */
    REJECT
}
