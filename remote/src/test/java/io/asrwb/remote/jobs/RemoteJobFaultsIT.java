package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A remote process killed under the job (preemption) and a job stopped by the user. */
@Timeout(300)
class RemoteJobFaultsIT {

  @TempDir Path dir;

  /**
   * SIGKILL (the OOM killer, a lost box) at the first checkpoint, then SIGTERM not sent by
   * {@code job stop} (a preempted spot instance) at the first checkpoint after the resume: both
   * runs are resumed from their newest checkpoint and the run completes.
   */
  @Test
  void aKilledOrExternallyStoppedTrainingProcessIsResumedAndTheRunCompletes() throws Exception {
    try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
      JobRecord job = bed.jobs.submit(new JobSpec("demo", JobTestBed.config(12, 2),
          new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)), 2), BundleProgress.ignore());
      EventRecorder sink = new EventRecorder() {
        int starts;
        int signals;

        @Override
        public void event(String line) {
          super.event(line);
          if (line.contains("\"type\":\"started\"")) {
            starts++;
          } else if (line.contains("\"type\":\"checkpoint\"") && signals < Math.min(starts, 2)) {
            signals++;
            signalJava(bed, job.id(), signals == 1);
          }
        }
      };

      JobState end = bed.jobs.attach(job.id(), sink);

      assertThat(end).as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
          .isInstanceOf(JobState.Finished.class);
      assertThat(bed.jobs.repository().require(job.id()).restarts()).isEqualTo(2);
      assertThat(sink.notes).anyMatch(n -> n.contains("exit status 137")
          && n.contains("from its newest checkpoint"));
      assertThat(sink.notes).anyMatch(n -> n.contains("did not come from `job stop`"));
      assertThat(sink.notes).anyMatch(n -> n.contains("exit status 143")
          && n.contains("from its newest checkpoint"));
      assertThat(sink.events).filteredOn(e -> e.contains("\"type\":\"started\"")
          && e.contains("\"resumed\":true")).hasSize(2);
      assertThat(sink.events).isEqualTo(RemoteJobLifecycleIT.remoteEvents(bed, job.id()));
      assertThat(sink.events.get(sink.events.size() - 1)).contains("\"type\":\"finished\"")
          .contains("\"step\":12");
    }
  }

  @Test
  void aStoppedJobEndsItsProcessGroupAndIsNotRestarted() throws Exception {
    try (JobTestBed bed = new JobTestBed(dir, "demo", 4)) {
      JobRecord job = bed.jobs.submit(new JobSpec("demo", JobTestBed.config(1000, 500),
          new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)), 3), BundleProgress.ignore());
      long group = ((JobState.Running) job.state()).pid();
      assertThat(ProcessHandle.of(group)).isPresent();

      assertThat(bed.jobs.stop(job.id()).state()).isEqualTo(new JobState.Stopped());

      try (SshSession ssh = bed.connect()) {
        assertThat(new SingleNodeLauncher().running(ssh, job)).isFalse();
      }
      assertThat(ProcessHandle.allProcesses().filter(p -> p.isAlive() && groupOf(p) == group))
          .isEmpty();
      EventRecorder sink = new EventRecorder();
      assertThat(bed.jobs.attach(job.id(), sink)).isEqualTo(new JobState.Stopped());
      assertThat(bed.jobs.repository().require(job.id()).restarts()).isZero();
    }
  }

  @Test
  void aJobWhoseHostIsGoneStartsOverOnTheNextHostOfItsPlan() throws Exception {
    try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
      TestSshServer spare = bed.addHost("spare");
      JobRecord job = bed.jobs.submit(new JobSpec("demo", JobTestBed.config(10, 2),
          new LaunchPlan.SingleNode(List.of(JobTestBed.HOST, "spare")), 1),
          BundleProgress.ignore());
      EventRecorder sink = new EventRecorder();
      sink.onStep = () -> { // the box and its run vanish
        bed.server.close();
        JobTestBed.endJobs(bed.server.home(), true);
      };

      JobState end = bed.jobs.attach(job.id(), sink);

      JobRecord moved = bed.jobs.repository().require(job.id());
      assertThat(end).as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
          .isInstanceOf(JobState.Finished.class);
      assertThat(moved.host()).isEqualTo("spare");
      assertThat(moved.restarts()).isEqualTo(1);
      assertThat(sink.notes).anyMatch(n -> n.contains("started the run over on spare"));
      List<String> onSpare =
          Files.readAllLines(spare.home().resolve(RemoteLayout.events(job.id())));
      assertThat(sink.events.subList(sink.events.size() - onSpare.size(), sink.events.size()))
          .isEqualTo(onSpare);
      assertThat(onSpare.get(onSpare.size() - 1)).contains("\"type\":\"finished\"");
    }
  }

  /** SIGKILL (or SIGTERM) to the job's java, as the OOM killer (or a preemption) would. */
  private static void signalJava(JobTestBed bed, JobId id, boolean kill) {
    try {
      long group = Long.parseLong(Files.readString(bed.server.home()
          .resolve(RemoteLayout.job(id)).resolve("job.pid")).strip());
      Optional<ProcessHandle> java = ProcessHandle.of(group).orElseThrow().children()
          .filter(p -> p.info().command().orElse("").endsWith("java")).findFirst();
      assertThat(java).as("the job's java process").isPresent();
      if (kill) {
        java.get().destroyForcibly();
      } else {
        java.get().destroy();
      }
      java.get().onExit().join();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The process group of a process (Linux /proc), -1 when it is gone or a zombie. */
  private static long groupOf(ProcessHandle p) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
      String[] after = stat.substring(stat.lastIndexOf(") ") + 2).split(" ");
      return after[0].equals("Z") ? -1 : Long.parseLong(after[2]);
    } catch (IOException | RuntimeException gone) {
      return -1;
    }
  }
}
