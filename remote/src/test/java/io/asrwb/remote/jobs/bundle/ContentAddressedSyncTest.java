package io.asrwb.remote.jobs.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.SshTarget;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Content-addressed sync on a real SSH server: only what is missing moves, and it is checked. */
class ContentAddressedSyncTest {

    @TempDir Path dir;

    @Test
    void sendsOnlyWhatTheHostLacksUnderItsHashName() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        try (TestSshServer server = TestSshServer.start(dir.resolve("server"), user.getPublic());
                SshSession ssh =
                        new SshConnector(
                                        new KnownHostsFile(dir.resolve("kh"), false),
                                        k -> HostKeyDecision.TRUST_ONCE,
                                        PassphrasePrompt.none(),
                                        SshOptions.DEFAULTS)
                                .connect(
                                        new SshTarget(
                                                "127.0.0.1",
                                                server.port(),
                                                TestSshServer.USER,
                                                new SshAuth.KeyFile(key)))) {
            Map<String, Path> files = new LinkedHashMap<>();
            for (String text : List.of("one", "two", "x; rm -rf ~")) {
                Path f =
                        Files.writeString(
                                dir.resolve(text.length() + "-" + files.size() + ".WAV"), text);
                files.put(ContentHash.addressedName(f), f);
            }
            assertThat(files.keySet()).allMatch(n -> n.matches("[0-9a-f]{64}\\.wav"));
            List<String> progress = new CopyOnWriteArrayList<>();

            ContentAddressedSync.Result first =
                    ContentAddressedSync.sync(
                            ssh,
                            "store/a b",
                            files,
                            "audio",
                            (part, done, total) -> progress.add(done + "/" + total));
            assertThat(first).isEqualTo(new ContentAddressedSync.Result(3, 3, 3 + 3 + 11));
            assertThat(progress).last().isEqualTo("17/17");
            for (Map.Entry<String, Path> e : files.entrySet()) {
                assertThat(server.home().resolve("store/a b").resolve(e.getKey()))
                        .hasSameBinaryContentAs(e.getValue());
            }

            Path four = Files.writeString(dir.resolve("four.flac"), "four");
            files.put(ContentHash.addressedName(four), four);
            ContentAddressedSync.Result second =
                    ContentAddressedSync.sync(
                            ssh, "store/a b", files, "audio", BundleProgress.ignore());
            assertThat(second).isEqualTo(new ContentAddressedSync.Result(4, 1, 4));
            assertThat(
                            Files.readString(
                                    server.home()
                                            .resolve("store/a b")
                                            .resolve(ContentHash.addressedName(four))))
                    .isEqualTo("four");
        }
    }
}
