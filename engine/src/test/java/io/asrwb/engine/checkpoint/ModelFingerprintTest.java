package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The architecture fingerprint, and the refusal of a checkpoint made for another model. */
class ModelFingerprintTest {

    @TempDir Path runDir;

    @Test
    void staysTheSameWhileTheModelTrainsAndAcrossSaveAndLoad() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        String before = ModelFingerprint.of(graph, TinyGraphs.ALPHABET);
        graph.fit(TinyGraphs.batch(0));
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        store.save(graph, TinyGraphs.stateFor(graph, 1, null));

        ComputationGraph loaded = store.load(store.latest().orElseThrow()).graph();

        assertThat(ModelFingerprint.of(graph, TinyGraphs.ALPHABET)).isEqualTo(before);
        assertThat(ModelFingerprint.of(loaded, TinyGraphs.ALPHABET)).isEqualTo(before);
        assertThat(before).matches("sha256:[0-9a-f]{64}");
    }

    @Test
    void changesWithTheArchitectureOrTheAlphabet() {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        String fingerprint = ModelFingerprint.of(graph, TinyGraphs.ALPHABET);

        assertThat(ModelFingerprint.of(TinyGraphs.newGraph(false, 9), TinyGraphs.ALPHABET))
                .isNotEqualTo(fingerprint);
        assertThat(ModelFingerprint.of(graph, List.of("_", "a", "c"))).isNotEqualTo(fingerprint);
        assertThat(ModelFingerprint.of(graph, List.of("_", "a b")))
                .isNotEqualTo(ModelFingerprint.of(graph, List.of("_", "a", "b")));
    }

    @Test
    void loadRefusesACheckpointOfAnotherArchitectureNamingBothFingerprints() throws IOException {
        ComputationGraph saved = TinyGraphs.newGraph(false);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        Checkpoint checkpoint = store.save(saved, TinyGraphs.stateFor(saved, 1, null));
        ModelIdentity other = TinyGraphs.identity(TinyGraphs.newGraph(false, 16));

        assertThatThrownBy(() -> store.load(checkpoint, other))
                .isInstanceOf(IncompatibleCheckpointException.class)
                .hasMessageContaining(checkpoint.directory().toString())
                .hasMessageContaining(ModelFingerprint.of(saved, TinyGraphs.ALPHABET))
                .hasMessageContaining(other.fingerprint())
                .hasMessageContaining("./asrwb resume");
    }

    @Test
    void loadRefusesACheckpointWithAnotherAlphabetNamingTheDifference() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());
        Checkpoint checkpoint = store.save(graph, TinyGraphs.stateFor(graph, 1, null));
        List<String> otherAlphabet = List.of("_", "a", "x");
        ModelIdentity expected =
                new ModelIdentity(ModelFingerprint.of(graph, otherAlphabet), otherAlphabet);

        assertThatThrownBy(() -> store.load(checkpoint, expected))
                .isInstanceOf(IncompatibleCheckpointException.class)
                .hasMessageContaining("has 'b' at index 2 where this run has 'x'");
    }

    @Test
    void saveRefusesAStateWhoseFingerprintIsNotTheGraphs() throws IOException {
        ComputationGraph graph = TinyGraphs.newGraph(false);
        CheckpointState stateOfAnother =
                TinyGraphs.stateFor(TinyGraphs.newGraph(false, 9), 1, null);
        CheckpointStore store = CheckpointStore.open(runDir, RetentionPolicy.keepAll());

        assertThatThrownBy(() -> store.save(graph, stateOfAnother))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ModelFingerprint.of");
        assertThat(store.checkpoints()).isEmpty();
    }
}
