package io.asrwb.remote.ssh;

/** How a streamed remote command ended (a lost connection is thrown, not returned). */
public sealed interface CommandEnd {

    /** The command finished; {@code status} is -1 when the server sent none (killed by a signal). */
    record Exited(int status) implements CommandEnd {}

    /** We stopped it with {@link RunningCommand#cancel()}. */
    record Cancelled() implements CommandEnd {}
}
