package io.asrwb.engine.train.average;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointMetrics;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.checkpoint.ModelIdentity;
import io.asrwb.engine.checkpoint.Provenance;
import io.asrwb.engine.checkpoint.RetentionPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * Averages the parameters of several checkpoints of one run into a new checkpoint folder that loads,
 * evaluates, transcribes and fine-tunes like any other. It carries the newest member's step, config,
 * alphabet and optimizer state (so a resume from it continues from there), no metrics (it was never
 * measured), and {@value AveragedFrom#FILE_NAME} naming its members and their hashes.
 */
public final class CheckpointAverager {

    /** The folder in a run folder where the app puts the run's averages. */
    public static final String AVERAGES_FOLDER = "averaged";

    private CheckpointAverager() {}

    /** What was written. */
    public record Result(Path checkpoint, AveragedFrom averagedFrom) {}

    /**
     * Averages the checkpoints of {@code runDir} that {@code choice} names into the new checkpoint
     * folder {@code out}.
     *
     * @throws AveragingRefused when {@code out} exists, the run has too few checkpoints, or the
     *     members are models of different shapes or alphabets
     */
    public static Result average(Path runDir, MemberChoice choice, Path out) throws IOException {
        if (Files.exists(out)) {
            throw new AveragingRefused(
                    "--out " + out + " exists: name a new folder for the averaged checkpoint");
        }
        List<MemberSelection.Candidate> chosen = MemberSelection.select(runDir, choice);
        requireOneModel(chosen);
        CheckpointStore store = CheckpointStore.openReadOnly(runDir);
        List<ComputationGraph> graphs = new ArrayList<>();
        List<AverageMember> members = new ArrayList<>();
        for (MemberSelection.Candidate candidate : chosen) {
            LoadedCheckpoint loaded = store.load(candidate.checkpoint());
            graphs.add(loaded.graph());
            members.add(member(candidate));
        }
        ComputationGraph newest = graphs.get(graphs.size() - 1);
        ParameterAverage.into(newest, graphs);
        CheckpointState newestState = chosen.get(chosen.size() - 1).state();
        AveragedFrom from =
                new AveragedFrom(
                        runDir.toString(), choice.toString(), members, Instant.now().toString());
        writeCheckpoint(newest, stateOfAverage(newestState), from, out);
        return new Result(out, from);
    }

    private static void requireOneModel(List<MemberSelection.Candidate> chosen)
            throws AveragingRefused {
        MemberSelection.Candidate first = chosen.get(0);
        ModelIdentity expected = first.state().modelIdentity();
        for (MemberSelection.Candidate other : chosen) {
            ModelIdentity identity = other.state().modelIdentity();
            if (identity.equals(expected)) {
                continue;
            }
            String what =
                    identity.alphabet().equals(expected.alphabet())
                            ? "model shapes differ (fingerprints "
                                    + expected.fingerprint()
                                    + " and "
                                    + identity.fingerprint()
                                    + ")"
                            : "alphabets differ ("
                                    + expected.alphabet().size()
                                    + " and "
                                    + identity.alphabet().size()
                                    + " labels)";
            throw new AveragingRefused(
                    "cannot average "
                            + first.checkpoint().directory()
                            + " with "
                            + other.checkpoint().directory()
                            + ": "
                            + what
                            + "; average only checkpoints of one model");
        }
    }

    private static CheckpointState stateOfAverage(CheckpointState newest) {
        return new CheckpointState(
                newest.formatVersion(),
                newest.step(),
                newest.epoch(),
                newest.batchInEpoch(),
                newest.rng(),
                newest.config(),
                newest.manifestHash(),
                newest.alphabet(),
                newest.modelFingerprint(),
                CheckpointMetrics.none(),
                Provenance.current());
    }

    /**
     * Saves through a checkpoint store in a hidden folder beside {@code out} (so the checkpoint is
     * written, checksummed and forced as any other), then renames its step folder to {@code out}.
     */
    private static void writeCheckpoint(
            ComputationGraph graph, CheckpointState state, AveragedFrom from, Path out)
            throws IOException {
        Path absolute = out.toAbsolutePath();
        Path parent = absolute.getParent();
        Files.createDirectories(parent);
        Path scratch =
                parent.resolve(
                        ".average-"
                                + absolute.getFileName()
                                + "-"
                                + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            Checkpoint saved =
                    CheckpointStore.open(scratch, RetentionPolicy.keepAll()).save(graph, state);
            from.writeTo(saved.directory());
            try {
                Files.move(saved.directory(), absolute, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                throw new AveragingRefused(
                        "--out " + out + " appeared while averaging: name a new folder");
            }
        } finally {
            deleteTree(scratch);
        }
    }

    private static AverageMember member(MemberSelection.Candidate candidate) throws IOException {
        CheckpointMetrics metrics = candidate.state().metrics();
        return new AverageMember(
                candidate.checkpoint().step(),
                candidate.checkpoint().directory().getFileName().toString(),
                sha256(candidate.checkpoint().modelFile()),
                metrics.wer(),
                metrics.cer());
    }

    static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
