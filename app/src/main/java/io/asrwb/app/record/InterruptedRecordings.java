package io.asrwb.app.record;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.RecordedUtterances;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** What recordings cut short by a crash or a kill left behind ({@code .wav.part} files): gone, and said, when the Record tab opens. */
final class InterruptedRecordings {

    private InterruptedRecordings() {}

    static void sweep(
            AppContext ctx, Path recordingsRoot, Consumer<String> say, Consumer<String> fail) {
        RecordedUtterances store =
                new RecordedUtterances(ctx.catalog(), TextChecks.ENGLISH, ctx.clock());
        ctx.tasks()
                .run(
                        "Clean interrupted recordings",
                        c -> store.removeInterruptedWrites(recordingsRoot),
                        TaskCallbacks.<List<Path>>of(
                                removed -> {
                                    if (!removed.isEmpty()) {
                                        say.accept(
                                                "Removed "
                                                        + removed.size()
                                                        + " unfinished recording file(s) an"
                                                        + " earlier session left, e.g. "
                                                        + removed.get(0).getFileName());
                                    }
                                },
                                failure -> fail.accept(failure.getMessage())));
    }
}
