package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job stopped by the user and resumed by hand (the Remote jobs tab's Resume): the stopped run's
 * last lines are delivered first, so its "finished" line does not end the resumed run, which goes
 * on from the checkpoint to its last step.
 */
@Timeout(300)
class RemoteJobResumeIT {

    @TempDir Path dir;

    @Test
    void aStoppedJobResumesFromItsCheckpointAndRunsToTheEnd() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 4)) {
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(30, 3),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    0),
                            BundleProgress.ignore());
            Path latest =
                    bed.server.home().resolve(RemoteLayout.checkpoints(job.id())).resolve("latest");
            for (int i = 0; i < 1200 && !Files.exists(latest); i++) {
                Thread.sleep(50);
            }
            assertThat(latest).as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id())).exists();
            bed.jobs.stop(job.id());

            EventRecorder beforeResume = new EventRecorder();
            JobRecord resumed = bed.jobs.resume(job.id(), beforeResume);

            assertThat(resumed.state()).isInstanceOf(JobState.Running.class);
            assertThat(beforeResume.events.get(beforeResume.events.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .contains("stopped_by_user");

            EventRecorder after = new EventRecorder();
            JobState end = bed.jobs.attach(job.id(), after);

            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()))
                    .isInstanceOf(JobState.Finished.class)
                    .isNotEqualTo(new JobState.Finished("stopped_by_user"));
            assertThat(after.events.get(0))
                    .contains("\"type\":\"started\"")
                    .contains("\"resumed\":true");
            assertThat(after.events.get(after.events.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .doesNotContain("stopped_by_user");
            List<String> all = new ArrayList<>(beforeResume.events);
            all.addAll(after.events);
            assertThat(all)
                    .as("every line once, in order")
                    .isEqualTo(RemoteJobLifecycleIT.remoteEvents(bed, job.id()));

            assertThatThrownBy(() -> bed.jobs.resume(job.id(), after))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("only a stopped or lost job can be resumed");
        }
    }
}
