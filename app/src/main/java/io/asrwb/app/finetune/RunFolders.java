package io.asrwb.app.finetune;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * New run folders for fine-tuning on a dataset: {@code <dataset>-finetune-<yyyyMMdd-HHmmss>} under
 * the runs folder, beside the Training tab's {@code <dataset>-<stamp>}, so the runs list shows
 * them as any run.
 */
final class RunFolders {

    private final Path root;
    private final Clock clock;

    RunFolders(Path root, Clock clock) {
        this.root = root;
        this.clock = clock;
    }

    /** A folder that does not exist yet. */
    Path next(String dataset) {
        String stamp =
                LocalDateTime.ofInstant(clock.instant(), ZoneId.systemDefault())
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String base = dataset.replaceAll("[^A-Za-z0-9._-]", "_") + "-finetune-" + stamp;
        Path dir = root.resolve(base);
        for (int i = 2; Files.exists(dir); i++) {
            dir = root.resolve(base + "-" + i);
        }
        return dir.toAbsolutePath();
    }
}
