package io.asrwb.engine.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {

    @TempDir Path dir;

    @Test
    void aWriterThatFailsHalfWayLeavesTheOldContentAndNoTempFile() throws IOException {
        Path target = dir.resolve("config.yaml");
        Files.writeString(target, "old: 1\n");

        assertThatThrownBy(
                        () ->
                                AtomicWrite.replace(
                                        target,
                                        temp -> {
                                            Files.writeString(temp, "new: ");
                                            throw new IOException("disk full");
                                        }))
                .hasMessage("disk full");

        assertThat(Files.readString(target)).isEqualTo("old: 1\n");
        assertThat(entries()).containsExactly(target);
    }

    @Test
    void replacesTheContentWhole() throws IOException {
        Path target = dir.resolve("latest");
        Files.writeString(target, "a much longer old content than the new one");

        AtomicWrite.replace(target, "{\"checkpoint\":\"x\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(Files.readString(target)).isEqualTo("{\"checkpoint\":\"x\"}");
        assertThat(entries()).containsExactly(target);
    }

    @Test
    void ownerOnlyFilesAreNeverOpenToOthersAndPlainOnesFollowTheUmask() throws IOException {
        assumeThat(OwnerOnly.posix(dir)).isTrue();
        Path secret = AtomicWrite.replaceTextOwnerOnly(dir.resolve("secret"), "s3cret");
        Path plain = AtomicWrite.replace(dir.resolve("model.onnx"), new byte[] {1, 2, 3});

        assertThat(Files.getPosixFilePermissions(secret))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        // what a plain Files.write gives: a shared model stays readable by the group if the
        // umask says so
        Path reference = Files.write(dir.resolve("reference"), new byte[] {0});
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(reference);
        assertThat(Files.getPosixFilePermissions(plain)).isEqualTo(expected);
    }

    @Test
    void commitRenamesANamedPartFileIntoPlace() throws IOException {
        Path part = Files.writeString(dir.resolve("take.wav.part"), "RIFF");
        Path target = dir.resolve("take.wav");

        AtomicWrite.commit(part, target);

        assertThat(Files.readString(target)).isEqualTo("RIFF");
        assertThat(part).doesNotExist();
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.toList();
        }
    }
}
