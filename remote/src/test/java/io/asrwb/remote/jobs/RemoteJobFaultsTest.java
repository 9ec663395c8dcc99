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
class RemoteJobFaultsTest {

  @TempDir Path dir;

  @Test
  void aKilledTrainingProcessIsResumedFromItsCheckpointAndTheRunCompletes() throws Exception {
    try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
      JobRecord job = bed.jobs.submit(new JobSpec("demo", JobTestBed.config(10, 2),
          new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)), 2), BundleProgress.ignore());
      RemoteJobLifecycleTest.Recorder sink = new RemoteJobLifecycleTest.Recorder() {
        boolean killed;

        @Override
        public void event(String line) {
          super.event(line);
          if (!killed && line.contains("\"type\":\"checkpoint\"")) {
            killed = true;
            killJava(bed, job.id());
          }
        }
      };

      JobState end = bed.jobs.attach(job.id(), sink);

      assertThat(end).as(() -> RemoteJobLifecycleTest.diagnosis(bed, job.id()))
          .isInstanceOf(JobState.Finished.class);
      assertThat(bed.jobs.repository().require(job.id()).restarts()).isEqualTo(1);
      assertThat(sink.notes).anyMatch(n -> n.contains("exit status 137")
          && n.contains("from its newest checkpoint"));
      assertThat(sink.events).anyMatch(e -> e.contains("\"type\":\"started\"")
          && e.contains("\"resumed\":true"));
      assertThat(sink.events).isEqualTo(RemoteJobLifecycleTest.remoteEvents(bed, job.id()));
      assertThat(sink.events.get(sink.events.size() - 1)).contains("\"type\":\"finished\"")
          .contains("\"step\":10");
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
      RemoteJobLifecycleTest.Recorder sink = new RemoteJobLifecycleTest.Recorder();
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
      RemoteJobLifecycleTest.Recorder sink = new RemoteJobLifecycleTest.Recorder();
      sink.onStep = () -> { // the box and its run vanish
        bed.server.close();
        JobTestBed.endJobs(bed.server.home(), true);
      };

      JobState end = bed.jobs.attach(job.id(), sink);

      JobRecord moved = bed.jobs.repository().require(job.id());
      assertThat(end).as(() -> RemoteJobLifecycleTest.diagnosis(bed, job.id()) + sink.notes)
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

  /** SIGKILL to the job's java, as a preempted box or the OOM killer would. */
  private static void killJava(JobTestBed bed, JobId id) {
    try {
      long group = Long.parseLong(Files.readString(bed.server.home()
          .resolve(RemoteLayout.job(id)).resolve("job.pid")).strip());
      Optional<ProcessHandle> java = ProcessHandle.of(group).orElseThrow().children()
          .filter(p -> p.info().command().orElse("").endsWith("java")).findFirst();
      assertThat(java).as("the job's java process").isPresent();
      java.get().destroyForcibly();
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
