package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.h2.engine.SysProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The port through which the first process shares the catalog listens on loopback, nowhere else. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CatalogPortTest {

    @TempDir Path dir;

    @Test
    void theServingProcessListensOnLoopbackOnly() throws Exception {
        Path proc = Path.of("/proc/net/tcp");
        assumeTrue(Files.isReadable(proc), "needs Linux's /proc/net/tcp to see what listens where");
        Path db = dir.resolve("catalog");
        try (Subprocess holder = Subprocess.talk("hold", db)) {
            holder.await("ready");
            String server = serverInLockFile(db);
            // H2 writes a loopback bind address as "localhost" (NetUtils.getLocalAddress)
            assertThat(server)
                    .as("the address others are told to connect to")
                    .matches("(localhost|127\\.0\\.0\\.1):\\d+");
            int port = Integer.parseInt(server.substring(server.indexOf(':') + 1));

            List<InetAddress> listening = new ArrayList<>(listeners(proc, port));
            Path proc6 = Path.of("/proc/net/tcp6");
            if (Files.isReadable(proc6)) {
                listening.addAll(listeners(proc6, port));
            }
            assertThat(listening)
                    .as("local addresses listening on port %d", port)
                    .isNotEmpty()
                    .allSatisfy(
                            a ->
                                    assertThat(a.isLoopbackAddress())
                                            .as("%s is loopback", a)
                                            .isTrue());
            assertThat(holder.finish()).isZero();
        }
    }

    @Test
    void aFolderMadeForTheCatalogIsItsOwnersOnly() throws Exception {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path folder = dir.resolve("data").resolve("asrwb");

        try (Catalog catalog = Catalog.open(folder.resolve("catalog"))) {
            assertThat(catalog.schemaVersion()).isPositive();
        }

        // the lock file in it holds the key to the catalog's port
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
                .isEqualTo("rwx------");
    }

    /**
     * In a network namespace of its own there is no loopback to serve on (its {@code lo} is down):
     * the catalog still opens, for that process alone, and another process is told why it cannot
     * have it (the installed app's smoke test starts the app that way, offline).
     */
    @Test
    void withNoLoopbackToServeOnTheCatalogOpensUnsharedAndOthersAreToldWhy() throws Exception {
        List<String> isolated = List.of("unshare", "--map-root-user", "--net");
        assumeTrue(runs(isolated), "needs unshare with user and network namespaces");
        Path db = dir.resolve("catalog");

        try (Subprocess alone = Subprocess.talkThrough(isolated, "writer", db)) {
            alone.await("ready");
            alone.tell("write first");
            assertThat(alone.await("first:")).isEqualTo("first: wrote");
            assertThat(UnsharedHold.holder(db)).as("the unshared holder's mark").isPresent();

            try (Subprocess other = Subprocess.talk("list", db)) {
                assertThat(other.finish()).isNotZero();
                assertThat(String.join("\n", other.said()))
                        .contains("could not open a port on loopback");
            }
            assertThat(alone.finish()).isZero();
        }
        assertThat(UnsharedHold.fileOf(db))
                .as("the holder's mark, removed as it closed")
                .doesNotExist();
        try (Subprocess after = Subprocess.talk("list", db)) {
            assertThat(after.await("dataset")).isEqualTo("dataset first");
            assertThat(after.finish()).isZero();
        }
    }

    private static boolean runs(List<String> wrapper) throws InterruptedException {
        List<String> cmd = new ArrayList<>(wrapper);
        cmd.add("true");
        try {
            return new ProcessBuilder(cmd).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aNetworkBindAddressIsRefusedWithAClearMessage() throws Exception {
        Path db = dir.resolve("catalog");
        try (Subprocess child =
                Subprocess.talkWith(List.of("-Dh2.bindAddress=0.0.0.0"), "hold", db)) {
            assertThat(child.finish()).isNotZero();
            assertThat(String.join("\n", child.said()))
                    .contains(
                            "refusing to share the catalog on a network address: H2's"
                                    + " h2.bindAddress is '0.0.0.0'");
        }
        assertThat(db.resolveSibling("catalog.mv.db")).doesNotExist();
    }

    @Test
    void thisJvmsH2IsConfinedOnceACatalogIsOpen() {
        Catalog.open(dir.resolve("catalog")).close();
        assertThat(SysProperties.BIND_ADDRESS).isEqualTo("127.0.0.1");
        assertThat(LoopbackOnly.isLoopback("::1")).isTrue();
        assertThat(LoopbackOnly.isLoopback("0.0.0.0")).isFalse();
        assertThat(LoopbackOnly.isLoopback("")).isFalse();
    }

    /** H2's lock file beside the catalog names the server as "address:port" (AUTO_SERVER). */
    private static String serverInLockFile(Path db) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(db.resolveSibling("catalog.lock.db"))) {
            p.load(r);
        }
        return p.getProperty("server", "");
    }

    /**
     * The local addresses of the sockets listening on {@code port}. Java's server socket is often an
     * IPv6 one bound to the IPv4-mapped 127.0.0.1, so it shows in tcp6 as ::ffff:127.0.0.1.
     */
    private static List<InetAddress> listeners(Path procNetTcp, int port) throws IOException {
        String portHex = String.format(Locale.ROOT, "%04X", port);
        List<InetAddress> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(procNetTcp);
        for (String line : lines.subList(1, lines.size())) { // the first line is the header
            String[] f = line.trim().split("\\s+");
            String[] local = f[1].split(":");
            if (local[1].equals(portHex) && f[3].equals("0A")) { // 0A: TCP_LISTEN
                out.add(address(local[0]));
            }
        }
        return out;
    }

    /** The kernel writes an address as 32-bit words in host order (little-endian here), in hex. */
    private static InetAddress address(String hex) throws IOException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = (word * 4 + 3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }
}
