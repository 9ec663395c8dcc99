package io.asrwb.engine.checkpoint;

import java.nio.file.Path;
import java.util.Optional;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * A process for {@link CheckpointKillTest} to kill: resumes from the store in {@code args[0]} (or
 * starts fresh), then trains the tiny graph and saves a checkpoint after every step, forever,
 * printing {@code saved N} once save N has returned.
 */
public final class CheckpointWritingChild {

    private CheckpointWritingChild() {}

    public static void main(String[] args) throws Exception {
        CheckpointStore store = CheckpointStore.open(Path.of(args[0]), new RetentionPolicy(3, 1));
        ComputationGraph graph;
        long step;
        Optional<Checkpoint> latest = store.latest();
        if (latest.isPresent()) {
            LoadedCheckpoint loaded =
                    store.load(latest.get(), TinyGraphs.identity(TinyGraphs.newGraph(false)));
            loaded.restoreNd4jRandom();
            graph = loaded.graph();
            step = loaded.state().step();
        } else {
            graph = TinyGraphs.newGraph(false);
            step = 0;
        }
        while (true) {
            graph.fit(TinyGraphs.batch((int) step));
            step++;
            // WER falls and rises so that retention keeps a "best" besides the last ones
            store.save(graph, TinyGraphs.stateFor(graph, step, (step % 7) / 10.0));
            System.out.println("saved " + step);
            System.out.flush();
        }
    }
}
