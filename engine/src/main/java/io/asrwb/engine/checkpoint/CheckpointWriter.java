package io.asrwb.engine.checkpoint;

import io.asrwb.engine.files.DurableFiles;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;

/**
 * Writes one checkpoint so that a crash at any instant leaves either no new checkpoint or a
 * complete one: every file written and forced in a hidden temp directory, checksums last, the
 * directory forced, then renamed into place in one step.
 */
final class CheckpointWriter {

    static final String TEMP_PREFIX = ".tmp-";
    static final String TRASH_PREFIX = ".trash-";

    private CheckpointWriter() {}

    /**
     * Writes {@code graph} and {@code state}, and {@code data} unless it is null, as checkpoint
     * {@code state.step()} in {@code dir}.
     */
    static Checkpoint write(
            Path checkpointsDir,
            ComputationGraph graph,
            CheckpointState state,
            TrainingDataSummary data)
            throws IOException {
        String name = Checkpoint.directoryName(state.step());
        Path temp = checkpointsDir.resolve(uniqueName(TEMP_PREFIX, name));
        Files.createDirectory(temp, OwnerOnly.directoryAttributes(temp));
        try {
            Path model = temp.resolve(Checkpoint.MODEL_FILE);
            ModelSerializer.writeModel(graph, model.toFile(), true);
            DurableFiles.force(model);
            DurableFiles.writeForced(
                    temp.resolve(Checkpoint.STATE_FILE),
                    CheckpointJson.MAPPER.writeValueAsBytes(state));
            List<String> files = new ArrayList<>(Checkpoint.FILES);
            if (data != null) {
                // listed, so it is checked with the rest; not required, so older ones still load
                data.write(temp);
                files.add(TrainingDataSummary.FILE);
            }
            ChecksumManifest.write(temp, files);
            DurableFiles.forceDirectory(temp);

            Path target = checkpointsDir.resolve(name);
            Path replaced = null;
            if (Files.exists(target)) {
                // the same step saved again (a resume from an older checkpoint got this far once
                // more):
                // a directory cannot be renamed over a non-empty one, so move the old one aside
                // first
                replaced = checkpointsDir.resolve(uniqueName(TRASH_PREFIX, name));
                DurableFiles.renameAtomically(target, replaced);
            }
            DurableFiles.renameAtomically(temp, target);
            if (replaced != null) {
                DurableFiles.deleteRecursively(replaced);
            }
            return new Checkpoint(target, state.step());
        } catch (IOException | RuntimeException e) {
            DurableFiles.deleteRecursively(temp);
            throw e;
        }
    }

    /** A hidden name no other writer or cleaner uses: {@code prefix + name + "-" + random hex}. */
    static String uniqueName(String prefix, String name) {
        // ThreadLocalRandom, not a trainer's generator: naming files must not shift any RNG stream
        return prefix + name + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    }
}
