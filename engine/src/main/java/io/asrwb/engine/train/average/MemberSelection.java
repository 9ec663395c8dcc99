package io.asrwb.engine.train.average;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Picks the checkpoints of a run that a {@link MemberChoice} names, oldest step first. */
final class MemberSelection {

    /** A complete checkpoint with its state read. */
    record Candidate(Checkpoint checkpoint, CheckpointState state) {}

    private MemberSelection() {}

    static List<Candidate> select(Path runDir, MemberChoice choice) throws IOException {
        if (!Files.isDirectory(runDir.resolve(CheckpointStore.DIRECTORY))) {
            throw new AveragingRefused(
                    runDir
                            + " is not a run folder (no "
                            + CheckpointStore.DIRECTORY
                            + "/ in it): pass the folder 'asrwb train --out' wrote");
        }
        CheckpointStore store = CheckpointStore.openReadOnly(runDir);
        List<Candidate> all = new ArrayList<>();
        for (Checkpoint checkpoint : store.checkpoints()) {
            all.add(new Candidate(checkpoint, store.readState(checkpoint)));
        }
        List<Candidate> pool =
                switch (choice.kind()) {
                    case LAST -> all;
                    case BEST ->
                            all.stream().filter(c -> c.state().metrics().wer() != null).toList();
                };
        if (pool.size() < choice.count()) {
            throw new AveragingRefused(tooFew(runDir, choice, all.size(), pool.size()));
        }
        List<Candidate> chosen =
                new ArrayList<>(
                        switch (choice.kind()) {
                            case LAST -> pool.subList(pool.size() - choice.count(), pool.size());
                            case BEST ->
                                    pool.stream().sorted(BY_METRIC).limit(choice.count()).toList();
                        });
        chosen.sort(Comparator.comparingLong(c -> c.checkpoint().step()));
        return chosen;
    }

    /** Lower validation WER first, then lower CER, then the newer step. */
    private static final Comparator<Candidate> BY_METRIC =
            Comparator.<Candidate>comparingDouble(c -> c.state().metrics().wer())
                    .thenComparingDouble(
                            c ->
                                    c.state().metrics().cer() == null
                                            ? Double.MAX_VALUE
                                            : c.state().metrics().cer())
                    .thenComparing(c -> -c.checkpoint().step());

    private static String tooFew(Path runDir, MemberChoice choice, int complete, int usable) {
        String keep =
                " (a run keeps train.keep_last newest and train.keep_best_by_wer best checkpoints;"
                        + " raise them to average more)";
        return switch (choice.kind()) {
            case LAST ->
                    "--last "
                            + choice.count()
                            + ": "
                            + runDir
                            + " holds "
                            + complete
                            + " complete checkpoint(s)"
                            + keep;
            case BEST ->
                    "--best "
                            + choice.count()
                            + ": "
                            + usable
                            + " of the "
                            + complete
                            + " checkpoints in "
                            + runDir
                            + " have a validation WER (a run measures it every"
                            + " train.eval_every_steps on its val split)"
                            + keep;
        };
    }
}
