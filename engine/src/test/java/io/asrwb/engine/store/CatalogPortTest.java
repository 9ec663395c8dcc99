package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
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
      assertThat(server).as("the address others are told to connect to").startsWith("127.0.0.1:");
      int port = Integer.parseInt(server.substring(server.indexOf(':') + 1));

      List<String> listening = new ArrayList<>(listeners(proc, port));
      Path proc6 = Path.of("/proc/net/tcp6");
      if (Files.isReadable(proc6)) {
        listening.addAll(listeners(proc6, port));
      }
      assertThat(listening).as("local addresses listening on port %d", port).containsExactly("0100007F");
      assertThat(holder.finish()).isZero();
    }
  }

  @Test
  void aNetworkBindAddressIsRefusedWithAClearMessage() throws Exception {
    Path db = dir.resolve("catalog");
    try (Subprocess child = Subprocess.talkWith(List.of("-Dh2.bindAddress=0.0.0.0"), "hold", db)) {
      assertThat(child.finish()).isNotZero();
      assertThat(String.join("\n", child.said()))
          .contains("refusing to share the catalog on a network address: H2's h2.bindAddress is '0.0.0.0'");
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

  /** The local addresses (hex, as the kernel writes them) of the sockets listening on {@code port}. */
  private static List<String> listeners(Path procNetTcp, int port) throws IOException {
    String portHex = String.format(Locale.ROOT, "%04X", port);
    List<String> out = new ArrayList<>();
    List<String> lines = Files.readAllLines(procNetTcp);
    for (String line : lines.subList(1, lines.size())) { // the first line is the header
      String[] f = line.trim().split("\\s+");
      String[] local = f[1].split(":");
      if (local[1].equals(portHex) && f[3].equals("0A")) { // 0A: TCP_LISTEN
        out.add(local[0]);
      }
    }
    return out;
  }
}
