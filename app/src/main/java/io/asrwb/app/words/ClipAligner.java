package io.asrwb.app.words;

import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The transcriber on-demand alignment uses, loaded once per checkpoint (loading a model costs more
 * than aligning a clip, and a user aligns clip after clip). Called from background tasks.
 */
final class ClipAligner {

    private Path loadedFrom;
    private Transcriber loaded;

    synchronized Transcriber transcriber(Path checkpoint) throws IOException {
        if (!checkpoint.equals(loadedFrom)) {
            TrainedModel trained = TrainedModel.load(checkpoint);
            loaded = ModelDecoding.of(trained).transcriber(trained);
            loadedFrom = checkpoint;
        }
        return loaded;
    }
}
