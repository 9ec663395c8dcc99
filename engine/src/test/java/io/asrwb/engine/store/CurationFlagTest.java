package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.ImportProgress;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CurationRepository#flag}: what training uses to flag an utterance behind a non-finite
 * loss. It keeps a curator's decisions (exclusion, edited transcript, note), adds its reason once
 * however often it is raised, and changes nothing for an id the dataset lacks.
 */
class CurationFlagTest {

    private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

    @TempDir Path dir;

    @Test
    void flagKeepsTheCuratorsStateAndAddsTheReasonOnce() {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            long id =
                    Fixtures.importer(catalog)
                            .store(
                                    "set",
                                    Fixtures.outcome(dir, Fixtures.utterances(3)),
                                    ImportProgress.NONE)
                            .dataset()
                            .id();
            String reason = "training: CTC loss is infinite: the transcript is empty";
            catalog.read(
                    c -> {
                        CurationRepository curation = new CurationRepository(c);
                        curation.save(
                                id,
                                new CurationState(
                                        "utt-000001", false, true, "fixed", "odd clip", "ann", T));
                        assertThat(curation.flag(id, "utt-000001", reason, "bob", T)).isTrue();
                        assertThat(curation.flag(id, "utt-000001", reason, "bob", T)).isTrue();
                        assertThat(curation.flag(id, "utt-000002", reason, "bob", T)).isTrue();
                        assertThat(curation.flag(id, "no-such-id", reason, "bob", T)).isFalse();
                        return null;
                    });

            var states = catalog.read(c -> new CurationRepository(c).of(id));
            assertThat(states).containsOnlyKeys("utt-000001", "utt-000002");
            assertThat(states.get("utt-000001"))
                    .isEqualTo(
                            new CurationState(
                                    "utt-000001",
                                    true,
                                    true,
                                    "fixed",
                                    "odd clip; " + reason,
                                    "bob",
                                    T));
            assertThat(states.get("utt-000002"))
                    .isEqualTo(
                            new CurationState("utt-000002", true, false, null, reason, "bob", T));
        }
    }
}
