package io.asrwb.remote.jobs.core;

import io.asrwb.engine.events.JsonLinesWriter;

/**
 * Where things live on a host, as paths relative to the login user's home folder (commands start
 * there and so does SFTP, so one relative path means the same file to both):
 *
 * <pre>
 * .asrwb-remote/
 *   jars/&lt;sha256&gt;.jar           the engine runtime, content-addressed, shared by every job
 *   audio/&lt;sha256&gt;.&lt;ext&gt;        dataset audio, content-addressed, shared by every job
 *   datasets/&lt;manifest hash&gt;/    NeMo manifests of one curated dataset; audio -&gt; ../../audio
 *   javacpp/                    ND4J's unpacked native libraries
 *   jobs/&lt;job id&gt;/               run.sh, job.yaml, classpath.txt, job.pid, exit.status, job.log,
 *                               catalog (the job's own), run/ (events.jsonl, checkpoints/,
 *                               tensorboard/)
 * </pre>
 */
public final class RemoteLayout {

    public static final String BASE = ".asrwb-remote";

    private RemoteLayout() {}

    public static String jars() {
        return BASE + "/jars";
    }

    public static String audio() {
        return BASE + "/audio";
    }

    public static String dataset(String manifestHash) {
        return BASE + "/datasets/" + manifestHash;
    }

    public static String job(JobId id) {
        return BASE + "/jobs/" + id.value();
    }

    /** A path under {@link #BASE} as seen from a job's folder (where run.sh runs). */
    public static String fromJob(String path) {
        if (!path.startsWith(BASE + "/")) {
            throw new IllegalArgumentException(path + " is not under " + BASE);
        }
        return "../../" + path.substring(BASE.length() + 1);
    }

    /** The engine's run folder of the job (config.yaml, events.jsonl, checkpoints/, tensorboard/). */
    public static String run(JobId id) {
        return job(id) + "/run";
    }

    public static String events(JobId id) {
        return run(id) + "/" + JsonLinesWriter.EVENTS_FILE;
    }

    public static String checkpoints(JobId id) {
        return run(id) + "/checkpoints";
    }
}
