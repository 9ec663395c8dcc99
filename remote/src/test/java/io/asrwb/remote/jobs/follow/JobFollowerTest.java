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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Following an events file on a real server, without training: long lines, torn lines, offsets. */
class JobFollowerTest {

    @TempDir Path dir;

    private Path key;
    private TestSshServer server;
    private Catalog catalog;
    private JobRepository jobs;

    @BeforeEach
    void serverAndCatalog() {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        key = TestKeys.write(user, dir.resolve("id"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        catalog = Catalog.open(dir.resolve("catalog"));
        jobs = new JobRepository(catalog, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        catalog.close();
        server.close();
    }

    @Test
    void aLateAttachReadsLinesLongerThanAChunkSkipsTornOnesAndNeverRepeats() throws Exception {
        String eval =
                "{\"type\":\"eval\",\"step\":2,\"utterances\":[\"" + "x".repeat(700_000) + "\"]}";
        List<String> written =
                List.of(
                        "{\"type\":\"started\",\"step\":0}",
                        eval,
                        "{\"type\":\"step\",\"step\":3}",
                        "{\"type\":\"finished\",\"step\":3,\"reason\":\"max_steps\"}");
        JobId id =
                finishedJob(
                        written.get(0)
                                + "\n"
                                + written.get(1)
                                + "\n{\"type\":\"st\n"
                                + written.get(2)
                                + "\n"
                                + written.get(3)
                                + "\n");
        JobFollower follower = follower();

        EventRecorder first = new EventRecorder();
        assertThat(follower.follow(id, first)).isEqualTo(new JobState.Finished("max_steps"));
        assertThat(first.events).isEqualTo(written);
        assertThat(first.notes)
                .anyMatch(n -> n.contains("no event") && n.contains("{\"type\":\"st"));
        assertThat(jobs.require(id).eventsOffset())
                .isEqualTo(Files.size(server.home().resolve(RemoteLayout.events(id))));

        EventRecorder again = new EventRecorder();
        follower.follow(id, again);
        assertThat(again.events).isEmpty();
        assertThat(new ArrayList<>(again.notes)).isEmpty();
    }

    @Test
    void aDetachStopsBeforeTheNextLineNeverBetweenALineAndItsOffset() throws Exception {
        List<String> written =
                List.of(
                        "{\"type\":\"started\",\"step\":0}",
                        "{\"type\":\"step\",\"step\":1}",
                        "{\"type\":\"step\",\"step\":2}",
                        "{\"type\":\"finished\",\"step\":2,\"reason\":\"max_steps\"}");
        JobId id = finishedJob(String.join("\n", written) + "\n");
        JobFollower follower = follower();

        Detach before = new Detach();
        before.request();
        EventRecorder none = new EventRecorder();
        follower.follow(id, none, before);
        assertThat(none.events).isEmpty();
        assertThat(jobs.require(id).eventsOffset()).isZero();

        // Ctrl-C lands while the sink holds step 1, before its offset is saved
        Detach detach = new Detach();
        EventRecorder first = new EventRecorder();
        first.onStep = detach::request;
        follower.follow(id, first, detach);
        assertThat(first.events).isEqualTo(written.subList(0, 2));
        assertThat(jobs.require(id).eventsOffset())
                .isEqualTo(written.get(0).length() + written.get(1).length() + 2L);

        EventRecorder second = new EventRecorder();
        assertThat(follower.follow(id, second, Detach.never()))
                .isEqualTo(new JobState.Finished("max_steps"));
        assertThat(second.events).isEqualTo(written.subList(2, 4));
    }

    private JobFollower follower() {
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
        return new JobFollower(
                jobs, sessions, Launchers::singleNode, JobTestBed.FOLLOW, HostFailover.none());
    }

    /** A job recorded as finished whose events.jsonl on the server holds {@code text}. */
    private JobId finishedJob(String text) throws Exception {
        JobId id = JobId.generate(Clock.systemUTC().instant(), new Random(3));
        jobs.add(
                id,
                new JobSpec(
                        "demo", "preset: tiny\n", new LaunchPlan.SingleNode(List.of("box")), 0));
        jobs.setState(id, new JobState.Finished("max_steps"));
        Path events = server.home().resolve(RemoteLayout.events(id));
        Files.createDirectories(events.getParent());
        Files.writeString(events, text);
        return id;
    }
}
