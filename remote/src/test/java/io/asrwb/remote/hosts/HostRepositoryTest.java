package io.asrwb.remote.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.remote.ssh.SshAuth;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostRepositoryTest {

    @TempDir Path dir;

    @Test
    void hostsAreAddedFoundListedUpdatedAndRemovedAcrossReopen() {
        Host gpu =
                new Host(
                        "gpu-1",
                        "10.0.0.5",
                        2222,
                        "trainer",
                        Path.of("keys/id_ed25519"),
                        Set.of("gpu", "a100"));
        Host cpu = new Host("cpu-box", "cpu.example", 22, "me", null, Set.of());
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            HostRepository hosts = new HostRepository(catalog);
            hosts.add(gpu);
            hosts.add(cpu);
            assertThat(hosts.find("gpu-1")).contains(gpu);
            assertThat(hosts.find("nope")).isEmpty();
            assertThatThrownBy(() -> hosts.add(gpu))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("gpu-1 already exists");
        }
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            HostRepository hosts = new HostRepository(catalog);
            assertThat(hosts.list()).containsExactly(cpu, gpu);
            assertThat(hosts.withLabels(Set.of("gpu"))).containsExactly(gpu);
            Host moved = new Host("gpu-1", "10.0.0.6", 22, "trainer", null, Set.of("gpu"));
            hosts.update(moved);
            assertThat(hosts.find("gpu-1")).contains(moved);
            assertThat(hosts.remove("cpu-box")).isTrue();
            assertThat(hosts.remove("cpu-box")).isFalse();
            assertThat(hosts.list()).containsExactly(moved);
            assertThatThrownBy(() -> hosts.update(cpu))
                    .hasMessageContaining("no host named cpu-box");
        }
    }

    @Test
    void aHostWithoutAKeyFileUsesTheAgent() {
        Host h = new Host("a", "example.org", 22, "u", null, Set.of());
        assertThat(h.sshTarget().auth()).isEqualTo(new SshAuth.Agent(null));
        assertThat(h.sshTarget().hostEntry()).isEqualTo("example.org");
        Host k = new Host("b", "example.org", 2200, "u", Path.of("id"), Set.of());
        assertThat(k.sshTarget().auth()).isEqualTo(new SshAuth.KeyFile(Path.of("id")));
        assertThat(k.sshTarget().hostEntry()).isEqualTo("[example.org]:2200");
    }

    @Test
    void badFieldsAreRefusedWithTheHostsName() {
        assertThatThrownBy(() -> new Host("x; rm", "h", 22, "u", null, Set.of()))
                .hasMessageContaining("host name 'x; rm'");
        assertThatThrownBy(() -> new Host("box", "h", 70000, "u", null, Set.of()))
                .hasMessageContaining("box")
                .hasMessageContaining("70000");
        assertThatThrownBy(() -> new Host("box", "h", 22, "u", null, Set.of("a,b")))
                .hasMessageContaining("label 'a,b'");
    }
}
