package io.asrwb.remote.jobs.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobRepositoryTest {

    @TempDir Path dir;

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T11:45:00Z"), ZoneOffset.UTC);

    @Test
    void aJobIsAddedThenMovesThroughItsStatesAcrossReopen() {
        JobId id = JobId.generate(CLOCK.instant(), new Random(1));
        JobSpec spec =
                new JobSpec(
                        "x; rm -rf ~",
                        "preset: tiny\n",
                        new LaunchPlan.SingleNode(List.of("gpu-1", "gpu-2")),
                        2,
                        BackendRequest.CUDA);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            JobRepository jobs = new JobRepository(catalog, CLOCK);
            JobRecord added = jobs.add(id, spec);
            assertThat(added.spec()).isEqualTo(spec);
            assertThat(added.host()).isEqualTo("gpu-1");
            assertThat(added.state()).isEqualTo(new JobState.Syncing());
            assertThat(added.state().ended()).isFalse();
            assertThat(added.createdAt()).isEqualTo(CLOCK.instant());
            assertThat(added.backend()).isEmpty(); // nothing sent yet
            jobs.setState(id, new JobState.Running(4242));
            jobs.saveEventsOffset(id, 1234);
            jobs.countRestart(id);
            jobs.setHost(id, "gpu-2");
            jobs.setBackend(id, "cuda");
        }
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            JobRepository jobs = new JobRepository(catalog, CLOCK);
            JobRecord job = jobs.require(id);
            assertThat(job.state()).isEqualTo(new JobState.Running(4242));
            assertThat(job.eventsOffset()).isEqualTo(1234);
            assertThat(job.restarts()).isEqualTo(1);
            assertThat(job.host()).isEqualTo("gpu-2");
            assertThat(job.backend()).isEqualTo("cuda");
            assertThat(job.spec().backend()).isEqualTo(BackendRequest.CUDA);
            assertThat(jobs.setState(id, new JobState.Lost("gone")).state())
                    .isEqualTo(new JobState.Lost("gone"));
            assertThat(jobs.setState(id, new JobState.Finished("completed")).state().ended())
                    .isTrue();
            assertThat(jobs.list()).extracting(JobRecord::id).containsExactly(id);
            assertThat(jobs.remove(id)).isTrue();
            assertThatThrownBy(() -> jobs.require(id))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("job list");
        }
    }

    @Test
    void idsAreSafeWordsAndBadOnesAreRefused() {
        JobId id = JobId.generate(CLOCK.instant(), new Random(7));
        assertThat(id.value()).matches("j20261123-114500-[0-9a-f]{4}");
        assertThatThrownBy(() -> new JobId("x; rm -rf ~"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("job list");
    }
}
