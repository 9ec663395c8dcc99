package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenedFileTest {

    @TempDir Path dir;

    @Test
    void theFirstExistingFileWinsGivenAsAPathOrAFileUri() throws Exception {
        Path manifest = Files.writeString(dir.resolve("my set.jsonl"), "{}\n");
        assertThat(
                        OpenedFile.from(
                                List.of(
                                        "--verbose",
                                        dir.resolve("missing.jsonl").toString(),
                                        manifest.toString())))
                .contains(manifest);
        assertThat(OpenedFile.from(List.of(manifest.toUri().toString()))).contains(manifest);
    }

    @Test
    void foldersOptionsAndOtherSchemesAreNotOpened() {
        assertThat(
                        OpenedFile.from(
                                List.of(dir.toString(), "-x", "https://example.org/a.jsonl", "")))
                .isEmpty();
        assertThat(OpenedFile.from(List.of())).isEmpty();
    }
}
