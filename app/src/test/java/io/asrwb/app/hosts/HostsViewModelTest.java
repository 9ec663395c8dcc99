package io.asrwb.app.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.remote.SshPrompts;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.follow.FollowOptions;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshOptions;
import io.asrwb.remote.ssh.UnknownHostKey;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestRuntime;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Hosts tab's view model on a real H2 catalog and a real SSH server on loopback. */
class HostsViewModelTest {

    @TempDir Path dir;
    private TestSshServer server;
    private Path key;
    private Catalog catalog;
    private final List<UnknownHostKey> asked = new CopyOnWriteArrayList<>();
    private HostKeyDecision answer = HostKeyDecision.TRUST_AND_SAVE;
    private HostsViewModel vm;
    private RemoteServices remote;

    @BeforeEach
    void setUp() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        key = TestKeys.write(user, dir.resolve("id_ed25519"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        catalog = Catalog.open(dir.resolve("catalog"));
        remote =
                new RemoteServices(
                        catalog,
                        new SshPrompts(
                                k -> {
                                    asked.add(k);
                                    return answer;
                                },
                                PassphrasePrompt.none()),
                        SshOptions.DEFAULTS,
                        FollowOptions.DEFAULTS,
                        TestRuntime::jars,
                        dir.resolve("remote-jobs"),
                        Clock.systemUTC());
        vm =
                new HostsViewModel(
                        new AppContext(
                                catalog,
                                new CurrentThreadTaskRunner(),
                                Clock.systemUTC(),
                                "tester"),
                        remote);
    }

    @AfterEach
    void tearDown() {
        catalog.close();
        server.close();
    }

    @Test
    void anAddedHostIsTestedAfterItsKeyIsTrustedAndIsACpuBox() {
        assertThat(vm.save(form("box", server.port()), null)).isTrue();
        assertThat(vm.hosts())
                .singleElement()
                .satisfies(
                        r -> {
                            assertThat(r.target()).isEqualTo("127.0.0.1:" + server.port());
                            assertThat(r.labels()).isEqualTo("cpu, loopback");
                            assertThat(r.testResult()).isEqualTo("not tested");
                        });

        vm.testSelected();

        assertThat(asked)
                .singleElement()
                .satisfies(
                        k -> {
                            assertThat(k.hostEntry()).isEqualTo("[127.0.0.1]:" + server.port());
                            assertThat(k.fingerprint())
                                    .isEqualTo(
                                            KeyUtils.getFingerPrint(server.hostKey().getPublic()));
                        });
        HostRow box = vm.hosts().get(0);
        assertThat(box.problem()).isNull();
        assertThat(box.report().os()).startsWith("Linux");
        assertThat(box.java()).startsWith("Java ");
        assertThat(box.gpus()).isEqualTo("CPU box");
        assertThat(box.disk()).endsWith("GB free");
        assertThat(vm.testingProperty().get()).isFalse();

        vm.testSelected();
        assertThat(asked).as("a saved key is not asked about again").hasSize(1);
        assertThat(
                        new HostsViewModel(
                                new AppContext(
                                        catalog,
                                        new CurrentThreadTaskRunner(),
                                        Clock.systemUTC(),
                                        "tester"),
                                remote))
                .satisfies(
                        reopened -> {
                            reopened.refresh();
                            assertThat(reopened.hosts())
                                    .extracting(HostRow::name)
                                    .containsExactly("box");
                        });
    }

    @Test
    void aRejectedKeyFailsTheTestAndSavesNothing() {
        answer = HostKeyDecision.REJECT;
        vm.save(form("box", server.port()), null);

        vm.testSelected();

        assertThat(vm.hosts().get(0).testResult()).startsWith("failed: ").contains("not trusted");
        assertThat(vm.refusalProperty().get()).isNull();
        assertThat(remote.knownHosts().path()).doesNotExist();
    }

    @Test
    void aChangedHostKeyIsRefusedLoudlyWithoutAsking() throws Exception {
        KeyPair impostor = TestSshServer.newEd25519();
        Files.writeString(
                remote.knownHosts().path(),
                "[127.0.0.1]:"
                        + server.port()
                        + " "
                        + PublicKeyEntry.toString(impostor.getPublic())
                        + "\n");
        vm.save(form("box", server.port()), null);

        vm.testSelected();

        assertThat(asked).isEmpty();
        assertThat(vm.refusalProperty().get())
                .contains("HAS CHANGED")
                .contains(KeyUtils.getFingerPrint(server.hostKey().getPublic()));
        assertThat(vm.hosts().get(0).report()).isNull();
    }

    @Test
    void aWrongFieldIsNamedAndNothingIsSaved() {
        assertThat(vm.save(new HostForm("box", "127.0.0.1", "twenty-two", "alice", "", ""), null))
                .isFalse();
        assertThat(vm.statusProperty().get()).contains("port 'twenty-two' is not a number");
        assertThat(
                        vm.save(
                                new HostForm(
                                        "box",
                                        "127.0.0.1",
                                        "22",
                                        "alice",
                                        dir.resolve("missing-key").toString(),
                                        ""),
                                null))
                .isFalse();
        assertThat(vm.statusProperty().get()).contains("no key file");
        assertThat(vm.hosts()).isEmpty();
        assertThat(remote.hosts().list()).isEmpty();
    }

    @Test
    void editingRenamesAndRemovingDeletesFromTheCatalog() {
        vm.save(form("box", server.port()), null);
        HostForm renamed =
                new HostForm(
                        "gpu1",
                        "127.0.0.1",
                        Integer.toString(server.port()),
                        TestSshServer.USER,
                        key.toString(),
                        "gpu");

        assertThat(vm.save(renamed, "box")).isTrue();
        assertThat(remote.hosts().list()).extracting(h -> h.name()).containsExactly("gpu1");
        assertThat(vm.selectedProperty().get().labels()).isEqualTo("gpu");

        vm.removeSelected();
        assertThat(remote.hosts().list()).isEmpty();
        assertThat(vm.hosts()).isEmpty();
    }

    private HostForm form(String name, int port) {
        return new HostForm(
                name,
                "127.0.0.1",
                Integer.toString(port),
                TestSshServer.USER,
                key.toString(),
                "loopback, cpu");
    }
}
