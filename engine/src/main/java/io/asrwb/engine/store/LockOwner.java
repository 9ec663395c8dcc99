package io.asrwb.engine.store;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;

/**
 * What a lock file says about its holder ("pid on host"): written by whoever takes the lock,
 * read by whoever finds it taken, so a message can name the process to close.
 */
public final class LockOwner {

    private LockOwner() {}

    /** This process: "12345 on hostname". */
    public static String me() {
        return ProcessHandle.current().pid() + " on " + hostName();
    }

    /** Replaces the file's content with {@link #me()} and flushes it. */
    public static void write(FileChannel ch) throws IOException {
        ch.truncate(0);
        ch.write(ByteBuffer.wrap(me().getBytes(StandardCharsets.UTF_8)), 0);
        ch.force(false);
    }

    /** The holder the file names, trimmed; empty when it names none. */
    public static String read(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(256);
        ch.read(b, 0);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).trim();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this host";
        }
    }
}
