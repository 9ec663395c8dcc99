package io.asrwb.engine.bench.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Whether a process holds a TCP socket, from Linux's /proc: its fds that are sockets, matched
 * against the TCP tables of its network namespace. A CLI importer opens one only to reach the
 * catalog's server, so this tells the bench when the import started talking to the process it
 * is about to kill.
 */
final class TcpSockets {

    private TcpSockets() {}

    static boolean held(long pid) {
        Path proc = Path.of("/proc", String.valueOf(pid));
        Set<String> sockets = new HashSet<>();
        try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        sockets.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the fd went away while we listed
                }
            }
        } catch (IOException | UncheckedIOException gone) {
            return false;
        }
        if (sockets.isEmpty()) {
            return false;
        }
        for (String table : List.of("net/tcp", "net/tcp6")) {
            try {
                for (String line : Files.readAllLines(proc.resolve(table))) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && sockets.contains(f[9])) {
                        return true;
                    }
                }
            } catch (IOException noTable) {
                // no IPv6 here, or the process ended
            }
        }
        return false;
    }
}
