package io.asrwb.engine.cli;

import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.store.AudioCheckRun;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetStatsQuery;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset check NAME}: decode every clip and store clipping, silence, level, duplicates. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description =
                "Decode every utterance's audio and store clipping ratio, leading/trailing silence,"
                        + " RMS level and exact-duplicate links; then show the flag counts.")
final class DatasetCheckCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the dataset")
    String name;

    @Override
    public Integer call() {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        try (Catalog catalog = main.openCatalog()) {
            AudioCheckRun.Summary s =
                    new AudioCheckRun(catalog, Clock.systemUTC()).run(name, ImportProgress.NONE);
            out.human(
                    "checked "
                            + s.checked()
                            + " utterances: "
                            + s.unreadable()
                            + " unreadable, "
                            + s.duplicates()
                            + " exact duplicates of an earlier one");
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("dataset", name);
            f.put("checked", s.checked());
            f.put("unreadable", s.unreadable());
            f.put("duplicateAudio", s.duplicates());
            out.record("check-summary", f);
            DatasetStatsCommand.print(out, catalog.read(c -> new DatasetStatsQuery(c).of(name)));
            return ExitCodes.OK;
        }
    }
}
