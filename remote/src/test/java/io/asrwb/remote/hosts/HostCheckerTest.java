package io.asrwb.remote.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two loopback servers as two hosts from the inventory: a CPU box and a (fake) GPU box. */
class HostCheckerTest {

    @TempDir Path dir;

    @Test
    void testConnectionReportsOsJavaDiskAndGpusPerHost() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        try (TestSshServer cpuBox = TestSshServer.start(dir.resolve("cpu"), user.getPublic());
                TestSshServer gpuBox = TestSshServer.start(dir.resolve("gpu"), user.getPublic());
                Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            Path fakeSmi = gpuBox.home().resolve("bin/nvidia-smi");
            Files.createDirectories(fakeSmi.getParent());
            Files.writeString(
                    fakeSmi,
                    "#!/bin/sh\n"
                            + "echo 'NVIDIA H100 80GB HBM3, 81559 MiB, 2 MiB, 0 %'\n"
                            + "echo 'NVIDIA H100 80GB HBM3, 81559 MiB, 70000 MiB, 99 %'\n");
            Files.setPosixFilePermissions(fakeSmi, PosixFilePermissions.fromString("rwx------"));

            HostRepository hosts = new HostRepository(catalog);
            hosts.add(
                    new Host("cpu", "127.0.0.1", cpuBox.port(), TestSshServer.USER, key, Set.of()));
            hosts.add(
                    new Host(
                            "gpu",
                            "127.0.0.1",
                            gpuBox.port(),
                            TestSshServer.USER,
                            key,
                            Set.of("gpu")));
            HostChecker checker =
                    new HostChecker(
                            new SshConnector(
                                    new KnownHostsFile(dir.resolve("known_hosts"), false),
                                    k -> HostKeyDecision.TRUST_AND_SAVE,
                                    PassphrasePrompt.none(),
                                    SshOptions.DEFAULTS));

            HostReport cpu = checker.testConnection(hosts.find("cpu").orElseThrow());
            assertThat(cpu.os())
                    .startsWith(System.getProperty("os.name"))
                    .endsWith(
                            System.getProperty("os.arch").equals("amd64")
                                    ? "x86_64"
                                    : System.getProperty("os.arch"));
            assertThat(cpu.javaVersion()).isNotBlank();
            assertThat(cpu.freeDiskBytes()).isPositive();
            assertThat(cpu.cpuOnly()).isTrue();
            assertThat(cpu.notes()).isEmpty();

            HostReport gpu = checker.testConnection(hosts.find("gpu").orElseThrow());
            assertThat(gpu.cpuOnly()).isFalse();
            assertThat(gpu.gpus())
                    .containsExactly(
                            new Gpu(0, "NVIDIA H100 80GB HBM3", 81559, 2, 0),
                            new Gpu(1, "NVIDIA H100 80GB HBM3", 81559, 70000, 99));
            assertThat(Files.readAllLines(dir.resolve("known_hosts"))).hasSize(2);
        }
    }
}
