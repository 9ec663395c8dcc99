package io.asrwb.engine.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Part A of the fault benchmark: a real training run SIGKILLed at N seeded-random moments and
 * resumed after each, against an uninterrupted run of the same config. A checkpoint every step,
 * and half the kills between steps are aimed at its write (the time from a step's line to its
 * checkpoint's line in the uninterrupted run); one kill in four (never the first) lands while a
 * resume is still starting (JVM, catalog, checkpoint load) instead.
 */
final class TrainingFaults {

    /**
     * TrainResumeKillTest's run on a smaller net: the demo corpus's 15 utterances under 0.6 s, batch
     * 4, every augmentation on (each must repeat exactly on resume), two loader threads, a
     * checkpoint every step, an evaluation every 10.
     */
    static final String CONFIG =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  max_duration_s: 0.6",
                    "  batch_size: 4",
                    "  duration_buckets: 2",
                    "  val_splits: []",
                    "  loader_threads: 2",
                    "  prefetch_batches: 3",
                    "augment:",
                    "  spec_augment: true",
                    "  speed_perturb: true",
                    "  noise: true",
                    "  noise_probability: 0.5",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 16",
                    "train:",
                    "  epochs: 1000",
                    "  eval_every_steps: 10",
                    "  checkpoint_every_steps: 1",
                    "  keep_last: 2",
                    "");

    /** Minutes a training process may run before the bench calls it hung (a busy 2-core machine). */
    private static final int PROCESS_MINUTES = 20;

    /** Attempts that fail by themselves in a row before the bench gives up on the run. */
    private static final int FAILURES_IN_A_ROW = 3;

    /** Where a kill is aimed: a resume's start, a checkpoint write, anywhere in a step. */
    enum Aim {
        START,
        CHECKPOINT,
        STEP
    }

    /**
     * When to kill one attempt: {@code fraction} of the reference's start-up time after launch
     * (START), or once step {@code afterStep} is done, {@code fraction} of its checkpoint write time
     * (CHECKPOINT) or of a whole step's time (STEP) later.
     */
    record Moment(Aim aim, long afterStep, double fraction) {}

    /** One process of the interrupted run and the events.jsonl bytes it appended. */
    record Attempt(
            int number,
            String command,
            Moment moment,
            boolean killed,
            int exit,
            boolean inCheckpointWrite,
            EventsFile lines,
            String error) {}

    /** A kill and the attempt that killed process was resumed by. */
    record Kill(
            int number,
            Attempt killed,
            Long resumedFrom,
            String resume,
            Long differsAt,
            boolean survived) {}

    record Result(
            int planned,
            List<Kill> kills,
            int attempts,
            StepLosses reference,
            StepLosses interrupted,
            int tornLines,
            boolean finished,
            Long firstDifference,
            double referenceSeconds,
            double interruptedSeconds,
            String failure) {

        int survived() {
            return (int) kills.stream().filter(Kill::survived).count();
        }
    }

    private final ChildJvm jvm;
    private final Path work;
    private final Path root;
    private final int kills;
    private final int steps;
    private final long seed;
    private final Progress progress;

    TrainingFaults(
            ChildJvm jvm,
            Path root,
            Path work,
            int kills,
            int steps,
            long seed,
            Progress progress) {
        this.jvm = jvm;
        this.root = root;
        this.work = work;
        this.kills = kills;
        this.steps = steps;
        this.seed = seed;
        this.progress = progress;
    }

    Result run() throws IOException, InterruptedException {
        Path db = work.resolve("train-catalog");
        Path config = work.resolve("run.yaml");
        Files.writeString(config, CONFIG);
        int imported =
                ChildJvm.await(
                        jvm.cli(
                                "import-demo",
                                db,
                                List.of(
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        root.resolve("assets/demo-corpus/demo.jsonl").toString()),
                                true),
                        10);
        if (imported != 0) {
            return failed(
                    "importing the demo corpus failed: " + firstLine(jvm.stderr("import-demo")));
        }

        progress.say("training: the uninterrupted reference run (%d steps)", steps);
        Path referenceDir = work.resolve("reference");
        ReferenceTiming timing = new ReferenceTiming();
        Process reference = train("reference", db, config, referenceDir);
        EventTail tail = new EventTail(referenceDir.resolve("events.jsonl"), 0);
        long deadline = System.nanoTime() + (long) (PROCESS_MINUTES * 60e9);
        while (reference.isAlive()) {
            for (JsonNode e : tail.poll()) {
                timing.saw(e);
            }
            if (System.nanoTime() > deadline) {
                ChildJvm.kill9(reference);
                return failed(
                        "the reference run did not finish within " + PROCESS_MINUTES + " minutes");
            }
            Thread.sleep(20);
        }
        timing.ended(steps);
        if (reference.exitValue() != 0) {
            return failed("the reference run failed: " + firstLine(jvm.stderr("reference")));
        }
        StepLosses expected =
                StepLosses.of(
                        EventsFile.read(referenceDir.resolve("events.jsonl"), 0, -1).events());
        if (expected.byStep().size() != steps) {
            return failed(
                    "the reference run reported "
                            + expected.byStep().size()
                            + " steps, not "
                            + steps);
        }
        progress.say(
                "training: reference took %.1f s (start-up %.1f s, %.2f s a step, of which"
                        + " %.3f s from its line to its checkpoint's)",
                timing.total(), timing.startup(), timing.perStep(), timing.checkpointWrite());

        long began = System.nanoTime();
        Path runDir = work.resolve("interrupted");
        List<Moment> plan = plan(new Random(seed));
        List<Attempt> attempts = new ArrayList<>();
        int landed = 0;
        int failuresInARow = 0;
        String failure = null;
        while (true) {
            Moment moment = landed < plan.size() ? plan.get(landed) : null;
            Attempt attempt = attempt(attempts.size() + 1, db, config, runDir, moment, timing);
            attempts.add(attempt);
            if (attempt.killed()) {
                landed++;
                failuresInARow = 0;
                progress.say(
                        "training: kill %d/%d (%s): %s",
                        landed, plan.size(), attempt.command(), describe(attempt));
                continue;
            }
            if (attempt.exit() == 0) {
                break;
            }
            failuresInARow++;
            progress.say(
                    "training: %s exited %d by itself: %s",
                    attempt.command(), attempt.exit(), attempt.error());
            if (attempts.size() == 1 || failuresInARow >= FAILURES_IN_A_ROW) {
                failure =
                        attempt.command()
                                + " failed "
                                + failuresInARow
                                + " time(s) in a row: "
                                + attempt.error();
                break;
            }
        }
        double interruptedSeconds = (System.nanoTime() - began) / 1e9;

        EventsFile whole = EventsFile.read(runDir.resolve("events.jsonl"), 0, -1);
        StepLosses actual = StepLosses.of(whole.events());
        boolean finished = whole.lastType().equals("finished");
        Long difference = actual.firstDifference(expected);
        boolean runEqual = finished && difference == null;
        List<Kill> table = new ArrayList<>();
        for (int i = 0, k = 0; i < attempts.size(); i++) {
            if (attempts.get(i).killed()) {
                table.add(kill(++k, attempts, i, expected, runEqual));
            }
        }
        return new Result(
                plan.size(),
                table,
                attempts.size(),
                expected,
                actual,
                whole.torn(),
                finished,
                difference,
                timing.total(),
                interruptedSeconds,
                failure);
    }

    /**
     * Kill targets spread over the run: steps drawn uniformly from 1 to steps-3 and sorted, so the
     * run moves on between kills and still has steps left at the last one.
     */
    private List<Moment> plan(Random random) {
        List<Long> targets = new ArrayList<>();
        for (int k = 0; k < kills; k++) {
            targets.add(1 + (long) random.nextInt(Math.max(1, steps - 3)));
        }
        targets.sort(Comparator.naturalOrder());
        List<Moment> plan = new ArrayList<>();
        for (int k = 0; k < kills; k++) {
            Aim aim =
                    k > 0 && random.nextInt(4) == 0
                            ? Aim.START
                            : random.nextBoolean() ? Aim.CHECKPOINT : Aim.STEP;
            plan.add(new Moment(aim, targets.get(k), random.nextDouble()));
        }
        return plan;
    }

    private Attempt attempt(
            int number, Path db, Path config, Path runDir, Moment moment, ReferenceTiming timing)
            throws IOException, InterruptedException {
        Path events = runDir.resolve("events.jsonl");
        long from = Files.isRegularFile(events) ? Files.size(events) : 0;
        Set<String> tempsBefore = temps(runDir);
        String name = String.format(Locale.ROOT, "attempt-%02d", number);
        boolean first = number == 1;
        Process p =
                first
                        ? train(name, db, config, runDir)
                        : jvm.cli(name, db, List.of("resume", runDir.toString()), false);
        Outcome outcome =
                moment == null
                        ? Outcome.EXITED
                        : awaitMoment(p, new EventTail(events, from), moment, first, timing);
        boolean killed = outcome == Outcome.KILL;
        int exit;
        if (outcome == Outcome.EXITED) {
            exit = ChildJvm.await(p, PROCESS_MINUTES); // -1: it hung, and was killed
        } else {
            ChildJvm.kill9(p);
            exit = killed ? p.exitValue() : -1;
        }
        Set<String> tempsAfter = temps(runDir);
        tempsAfter.removeAll(tempsBefore);
        EventsFile lines = EventsFile.read(events, from, -1);
        String error =
                exit == 0 || killed
                        ? ""
                        : exit == -1
                                ? "no progress within "
                                        + PROCESS_MINUTES
                                        + " minutes (hung?), killed"
                                : firstLine(jvm.stderr(name));
        return new Attempt(
                number,
                first ? "train" : "resume",
                moment,
                killed,
                exit,
                !tempsAfter.isEmpty(),
                lines,
                error);
    }

    /** How waiting for a kill moment ended. */
    private enum Outcome {
        KILL,
        EXITED,
        HUNG
    }

    /**
     * Waits for {@code moment} while {@code p} lives: KILL when it came, EXITED when the process
     * ended first, HUNG when neither happened in {@link #PROCESS_MINUTES}. A first attempt is killed
     * only after its first checkpoint: before that there is nothing to resume, and `resume` rightly
     * says so.
     */
    private static Outcome awaitMoment(
            Process p, EventTail tail, Moment moment, boolean first, ReferenceTiming timing)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + (long) (PROCESS_MINUTES * 60e9);
        long killAt =
                moment.aim() == Aim.START && !first
                        ? start + (long) (moment.fraction() * timing.startup() * 1e9)
                        : Long.MAX_VALUE;
        boolean reached = false;
        boolean checkpointed = false;
        while (p.isAlive()) {
            long now = System.nanoTime();
            if (now >= killAt) {
                return Outcome.KILL;
            }
            if (now > deadline) {
                return Outcome.HUNG;
            }
            for (JsonNode e : tail.poll()) {
                String type = EventsFile.type(e);
                checkpointed |= type.equals("checkpoint");
                reached |= type.equals("step") && e.path("step").asLong() >= moment.afterStep();
            }
            if (killAt == Long.MAX_VALUE && reached && (checkpointed || !first)) {
                double window =
                        moment.aim() == Aim.CHECKPOINT
                                ? timing.checkpointWrite()
                                : timing.perStep();
                killAt = System.nanoTime() + (long) (moment.fraction() * window * 1e9);
            }
            Thread.sleep(5);
        }
        return Outcome.EXITED;
    }

    private Kill kill(
            int number, List<Attempt> attempts, int index, StepLosses expected, boolean runEqual) {
        Attempt killed = attempts.get(index);
        // the attempt that resumed it: the next one that got past its start (or ended by itself)
        Attempt next = null;
        for (int j = index + 1; j < attempts.size() && next == null; j++) {
            Attempt a = attempts.get(j);
            if (a.lines().startedStep() != null || !a.killed()) {
                next = a;
            }
        }
        String resume;
        boolean resumed;
        Long resumedFrom = null;
        if (next == null) {
            resume = "none ran";
            resumed = false;
        } else if (next.lines().startedStep() != null) {
            resumedFrom = next.lines().startedStep();
            resumed = next.exit() == 0 || next.killed();
            resume = resumed ? "ok" : "exit " + next.exit() + ": " + next.error();
        } else {
            resumed = next.exit() == 0;
            resume = "exit " + next.exit() + ": " + next.error();
        }
        Long differsAt = null;
        for (Attempt a : next == null ? List.of(killed) : List.of(killed, next)) {
            StepLosses own = StepLosses.of(a.lines().events());
            if (!own.agreesWith(expected)) {
                differsAt = own.firstDifference(expected);
                break;
            }
        }
        return new Kill(
                number,
                killed,
                resumedFrom,
                resume,
                differsAt,
                resumed && differsAt == null && runEqual);
    }

    /**
     * Where a kill landed, from what the killed process left: no {@code started} line (still
     * starting), a half-written checkpoint, a step's line without its checkpoint's line after it (an
     * every-step checkpoint was being written, or the evaluation before it ran), or inside a step.
     */
    static String describe(Attempt a) {
        Long last = a.lines().lastStep();
        String after = a.lines().lastType();
        if (a.lines().startedStep() == null) {
            return "starting";
        } else if (a.inCheckpointWrite()) {
            return "writing checkpoint " + last + " (tmp left)";
        } else if (last == null) {
            return "resumed, before a step";
        } else if (after.equals("step") || after.equals("eval")) {
            return "after step " + last + "'s line, before its checkpoint's";
        }
        return "in step " + (last + 1);
    }

    private Process train(String name, Path db, Path config, Path out) throws IOException {
        return jvm.cli(
                name,
                db,
                List.of(
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        out.toString(),
                        "--max-steps",
                        String.valueOf(steps)),
                false);
    }

    /** Half-written checkpoint folders and pointers: a kill inside a checkpoint write leaves one. */
    private static Set<String> temps(Path runDir) throws IOException {
        Path checkpoints = runDir.resolve("checkpoints");
        Set<String> names = new HashSet<>();
        if (Files.isDirectory(checkpoints)) {
            try (Stream<Path> s = Files.list(checkpoints)) {
                s.map(p -> p.getFileName().toString())
                        .filter(n -> n.contains("tmp"))
                        .forEach(names::add);
            }
        }
        return names;
    }

    private Result failed(String why) {
        return new Result(kills, List.of(), 0, null, null, 0, false, null, 0, 0, why);
    }

    static String firstLine(String text) {
        return text.lines().filter(l -> !l.isBlank()).findFirst().orElse("(no message)");
    }

    /** Where the bench says what it is doing (stderr). */
    interface Progress {
        void say(String format, Object... args);
    }
}
