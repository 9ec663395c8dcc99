package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KnownHostsFileTest {

    @TempDir Path dir;

    static byte[] blob(String type, int fill) {
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] b = new byte[4 + t.length + 8];
        b[3] = (byte) t.length;
        System.arraycopy(t, 0, b, 4, t.length);
        java.util.Arrays.fill(b, 4 + t.length, b.length, (byte) fill);
        return b;
    }

    static String b64(byte[] b) {
        return Base64.getEncoder().encodeToString(b);
    }

    @Test
    void matchesPlainPortPatternsAndNegations() throws Exception {
        byte[] a = blob("ssh-ed25519", 1);
        Path file = dir.resolve("known_hosts");
        Files.writeString(
                file,
                "# comment\n\n"
                        + "gpu1.lab,10.0.0.5 ssh-ed25519 "
                        + b64(a)
                        + " note\n"
                        + "[10.0.0.5]:2222 ssh-ed25519 "
                        + b64(a)
                        + "\n"
                        + "*.cluster,!bad.cluster ssh-ed25519 "
                        + b64(a)
                        + "\n"
                        + "@cert-authority *.lab ssh-ed25519 "
                        + b64(blob("ssh-ed25519", 9))
                        + "\n"
                        + "garbage line\n");
        KnownHostsFile known = new KnownHostsFile(file, false);
        assertThat(known.check("GPU1.lab", a)).isInstanceOf(KnownHostsFile.Verdict.Known.class);
        assertThat(known.check("10.0.0.5", a)).isInstanceOf(KnownHostsFile.Verdict.Known.class);
        assertThat(known.check("[10.0.0.5]:2222", a))
                .isInstanceOf(KnownHostsFile.Verdict.Known.class);
        assertThat(known.check("[10.0.0.5]:2200", a))
                .isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
        assertThat(known.check("n3.cluster", a)).isInstanceOf(KnownHostsFile.Verdict.Known.class);
        assertThat(known.check("bad.cluster", a))
                .isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
        assertThat(known.check("x.lab", a)).isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
    }

    @Test
    void aDifferentKeyOfTheSameTypeIsChangedAnotherTypeIsUnknown() throws Exception {
        byte[] saved = blob("ssh-ed25519", 1);
        Path file = dir.resolve("known_hosts");
        Files.writeString(file, "box ssh-ed25519 " + b64(saved) + "\n");
        KnownHostsFile known = new KnownHostsFile(file, false);
        KnownHostsFile.Verdict v = known.check("box", blob("ssh-ed25519", 2));
        assertThat(v)
                .isEqualTo(
                        new KnownHostsFile.Verdict.Changed(
                                HostKeyFingerprint.sha256(saved),
                                1,
                                "box ssh-ed25519 " + b64(saved)));
        assertThat(known.check("box", blob("ecdsa-sha2-nistp256", 2)))
                .isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
    }

    @Test
    void revokedKeysAreRefused() throws Exception {
        byte[] k = blob("ssh-ed25519", 4);
        Path file = dir.resolve("known_hosts");
        Files.writeString(
                file, "box ssh-ed25519 " + b64(k) + "\n@revoked * ssh-ed25519 " + b64(k) + "\n");
        assertThat(new KnownHostsFile(file, false).check("box", k))
                .isEqualTo(new KnownHostsFile.Verdict.Revoked(2));
    }

    @Test
    void hashedEntriesAreWrittenReadAndRemoved() throws Exception {
        Path file = dir.resolve("sub/known_hosts");
        KnownHostsFile known = new KnownHostsFile(file, true);
        byte[] k = blob("ssh-ed25519", 5);
        known.add("[127.0.0.1]:2222", k);
        known.add("other", blob("ssh-ed25519", 6));
        assertThat(Files.readString(file)).doesNotContain("127.0.0.1").startsWith("|1|");
        assertThat(known.check("[127.0.0.1]:2222", k))
                .isInstanceOf(KnownHostsFile.Verdict.Known.class);
        assertThat(known.check("127.0.0.1", k)).isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
        assertThat(known.keysFor("[127.0.0.1]:2222")).hasSize(1);
        assertThat(known.removeAll("[127.0.0.1]:2222")).isEqualTo(1);
        assertThat(known.check("[127.0.0.1]:2222", k))
                .isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
        assertThat(Files.readAllLines(file)).hasSize(1);
    }

    @Test
    void aMissingFileKnowsNothing() {
        KnownHostsFile known = new KnownHostsFile(dir.resolve("none"), false);
        assertThat(known.check("box", blob("ssh-ed25519", 1)))
                .isInstanceOf(KnownHostsFile.Verdict.Unknown.class);
        assertThat(known.removeAll("box")).isZero();
    }

    @Test
    void hostEntryUsesBracketsOffPort22() {
        assertThat(KnownHostsFile.hostEntry("h", 22)).isEqualTo("h");
        assertThat(KnownHostsFile.hostEntry("h", 2222)).isEqualTo("[h]:2222");
    }
}
