package io.asrwb.remote.jobs.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.jobs.launch.Launchers;
import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshTarget;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestSshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following an events file on a real server, without training: long lines, torn lines, offsets. */
class JobFollowerTest {

    @TempDir Path dir;

    @Test
    void aLateAttachReadsLinesLongerThanAChunkSkipsTornOnesAndNeverRepeats() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        try (TestSshServer server = TestSshServer.start(dir.resolve("server"), user.getPublic());
                Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            JobRepository jobs = new JobRepository(catalog, Clock.systemUTC());
            JobId id = JobId.generate(Clock.systemUTC().instant(), new Random(3));
            jobs.add(
                    id,
                    new JobSpec(
                            "demo",
                            "preset: tiny\n",
                            new LaunchPlan.SingleNode(List.of("box")),
                            0));
            jobs.setState(id, new JobState.Finished("max_steps"));
            String eval =
                    "{\"type\":\"eval\",\"step\":2,\"utterances\":[\""
                            + "x".repeat(700_000)
                            + "\"]}";
            List<String> written =
                    List.of(
                            "{\"type\":\"started\",\"step\":0}",
                            eval,
                            "{\"type\":\"step\",\"step\":3}",
                            "{\"type\":\"finished\",\"step\":3,\"reason\":\"max_steps\"}");
            Path events = server.home().resolve(RemoteLayout.events(id));
            Files.createDirectories(events.getParent());
            Files.writeString(
                    events,
                    written.get(0)
                            + "\n"
                            + written.get(1)
                            + "\n{\"type\":\"st\n"
                            + written.get(2)
                            + "\n"
                            + written.get(3)
                            + "\n");
            SshConnector connector =
                    new SshConnector(
                            new KnownHostsFile(dir.resolve("kh"), false),
                            k -> HostKeyDecision.TRUST_AND_SAVE,
                            PassphrasePrompt.none(),
                            JobTestBed.FAST);
            SessionFactory sessions =
                    name ->
                            connector.connect(
                                    new SshTarget(
                                            "127.0.0.1",
                                            server.port(),
                                            TestSshServer.USER,
                                            new SshAuth.KeyFile(key)));
            JobFollower follower =
                    new JobFollower(
                            jobs,
                            sessions,
                            Launchers::singleNode,
                            JobTestBed.FOLLOW,
                            HostFailover.none());

            EventRecorder first = new EventRecorder();
            assertThat(follower.follow(id, first)).isEqualTo(new JobState.Finished("max_steps"));
            assertThat(first.events).isEqualTo(written);
            assertThat(first.notes)
                    .anyMatch(n -> n.contains("no event") && n.contains("{\"type\":\"st"));
            assertThat(jobs.require(id).eventsOffset()).isEqualTo(Files.size(events));

            EventRecorder again = new EventRecorder();
            follower.follow(id, again);
            assertThat(again.events).isEmpty();
            assertThat(new ArrayList<>(again.notes)).isEmpty();
        }
    }
}
