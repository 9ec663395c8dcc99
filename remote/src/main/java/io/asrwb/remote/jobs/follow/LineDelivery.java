package io.asrwb.remote.jobs.follow;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.RemoteRead;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import java.util.List;
import java.util.Optional;

/**
 * Reads a job's {@code events.jsonl} from its saved offset and hands the complete lines to the
 * sink, saving the offset after each (for the {@link JobFollower}): each line is read once, with
 * the engine's codec, and the line that ends the run ends the job.
 */
final class LineDelivery {

    private static final int CHUNK = 256 * 1024;

    /** The end a TERM gives a run (the engine's {@code FinishReason.STOPPED_BY_USER}). */
    private static final JobState STOPPED_FROM_OUTSIDE = new JobState.Finished("stopped_by_user");

    /** The longest line waited for; longer ones would stall the stream (none come near it). */
    private static final int MAX_LINE = 64 * 1024 * 1024;

    private final JobRepository jobs;

    LineDelivery(JobRepository jobs) {
        this.jobs = jobs;
    }

    /**
     * What one read delivered: whether it filled a whole chunk (more is waiting), whether one of its
     * lines told of a saved checkpoint, the end state when one of its lines ended the run, and
     * whether a detach stopped it before its last line.
     */
    record Delivery(
            boolean progress,
            boolean backlog,
            boolean checkpointSaved,
            Optional<JobState> end,
            boolean detached) {}

    /** The complete lines of one read, and whether the read filled a whole chunk. */
    private record Read(List<EventLines.Line> lines, boolean full) {}

    /**
     * Hands over the complete lines after the saved offset, saving the offset after each; stops
     * before a line once {@code detach} is requested.
     */
    Delivery deliver(SshSession ssh, JobRecord job, EventSink sink, Detach detach) {
        Read read = newLines(ssh, job);
        List<EventLines.Line> lines = read.lines();
        boolean progress = false;
        boolean checkpointSaved = false;
        for (EventLines.Line line : lines) {
            if (detach.requested()) {
                return new Delivery(progress, false, checkpointSaved, Optional.empty(), true);
            }
            Optional<EventLine> event = EventCodec.decode(line.text());
            // a heartbeat says the process lives, not that training advances: no reset of the hang
            // clock
            progress |= event.filter(e -> !(e instanceof EventLine.Beat)).isPresent();
            checkpointSaved |= event.filter(LineDelivery::checkpoint).isPresent();
            if (event.isPresent()) {
                sink.event(line.text(), event.get());
            } else if (!line.text().isBlank()) {
                sink.note(
                        "skipped a line of events.jsonl that is no event (cut off when the run was"
                                + " killed): "
                                + line.text());
            }
            jobs.saveEventsOffset(job.id(), line.endOffset());
            Optional<JobState> end = event.flatMap(JobState::endedBy);
            if (end.isPresent()) {
                // a run the user stopped ends with a "finished" event too; it stays "stopped"
                JobState now = jobs.require(job.id()).state();
                if (!(now instanceof JobState.Stopped) && end.get().equals(STOPPED_FROM_OUTSIDE)) {
                    // a TERM that was not ours (a preempted box, a shutdown): resumed once it has
                    // exited
                    sink.note(
                            "the run on "
                                    + job.host()
                                    + " was stopped by a signal that did not come from `job stop`;"
                                    + " it will be resumed when its process has ended");
                    continue;
                }
                JobState state = now instanceof JobState.Stopped ? now : end.get();
                jobs.setState(job.id(), state);
                return new Delivery(true, false, checkpointSaved, Optional.of(state), false);
            }
        }
        return new Delivery(progress, read.full(), checkpointSaved, Optional.empty(), false);
    }

    /** The engine's line for a checkpoint it saved (its {@code CheckpointSaved}). */
    private static boolean checkpoint(EventLine line) {
        return line instanceof EventLine.Training t
                && t.event() instanceof TrainingEvent.CheckpointSaved;
    }

    private Read newLines(SshSession ssh, JobRecord job) {
        String events = RemoteLayout.events(job.id());
        Optional<Long> size = ssh.size(events);
        if (size.isEmpty() || size.get() == job.eventsOffset()) {
            return new Read(List.of(), false);
        }
        // an eval event lists every validation utterance: a line may be longer than a chunk
        for (int chunk = CHUNK; ; chunk *= 2) {
            RemoteRead read = ssh.readFrom(events, job.eventsOffset(), chunk);
            if (read.truncated()) {
                throw new SshException(
                        events
                                + " on "
                                + ssh.label()
                                + " is shorter ("
                                + read.fileSize()
                                + " bytes) than what was already delivered ("
                                + job.eventsOffset()
                                + "): it was"
                                + " replaced or cut; the job's folder was changed by hand");
            }
            List<EventLines.Line> lines = EventLines.complete(read.bytes(), read.offset());
            boolean full = read.bytes().length == chunk;
            if (!lines.isEmpty() || !full || chunk >= MAX_LINE) {
                return new Read(lines, full && !lines.isEmpty());
            }
        }
    }
}
