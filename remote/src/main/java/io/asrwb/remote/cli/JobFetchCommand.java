package io.asrwb.remote.cli;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb job fetch ID OUT_DIR}. */
@Command(
        name = "fetch",
        mixinStandardHelpOptions = true,
        description =
                "Copy the job's newest complete checkpoint (checksums verified) and its TensorBoard"
                    + " log into OUT_DIR, a run folder: `asrwb transcribe --model OUT_DIR` uses it,"
                    + " `tensorboard --logdir` shows it. Works while it runs; when the job's host"
                    + " cannot be reached, copies the newest checkpoint kept on this machine.")
final class JobFetchCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "the job")
    String id;

    @Parameters(index = "1", paramLabel = "OUT_DIR", description = "where to put it")
    Path outDir;

    @Override
    public Integer call() throws IOException {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        Checkpoint checkpoint;
        try (Catalog catalog = main.openCatalog()) {
            checkpoint =
                    JobCommand.jobs(main, catalog)
                            .fetch(new JobId(id), outDir, TransferListener.ignore(), out::human);
        }
        out.human("fetched checkpoint at step " + checkpoint.step() + " into " + outDir);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("id", id);
        f.put("step", checkpoint.step());
        f.put("path", checkpoint.directory().toString());
        out.record("job-fetched", f);
        return 0;
    }
}
