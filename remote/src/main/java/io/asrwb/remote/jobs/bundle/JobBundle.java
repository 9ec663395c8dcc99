package io.asrwb.remote.jobs.bundle;

import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Puts everything a job needs on a host: the engine runtime and the dataset's audio into the
 * shared content-addressed folders (only what is not there yet moves), the curated manifests into
 * the dataset's folder (once per manifest hash), and the job folder: {@code job.yaml} (the run
 * config), {@code classpath.txt}, {@code dataset.dir} and {@code run.sh}.
 */
public final class JobBundle {

    private final List<Path> jars;
    private final String configYaml;

    /**
     * @param jars the class path the host runs the engine with (see {@link BackendChoice#jars})
     * @param configYaml the run config as this host runs it ({@link BackendChoice#configFor})
     */
    public JobBundle(List<Path> jars, String configYaml) {
        this.jars = List.copyOf(jars);
        this.configYaml = configYaml;
    }

    /** What {@link #send} did: the dataset's folder on the host and what had to be uploaded. */
    public record Sent(String datasetDir, int filesUploaded, long bytesUploaded) {}

    /**
     * Sends the bundle of {@code job}, exporting its dataset into {@code staging} (a local scratch
     * folder) first.
     */
    public Sent send(
            SshSession ssh,
            JobRecord job,
            DatasetExport dataset,
            Path staging,
            BundleProgress progress) {
        ownBase(ssh);
        Map<String, Path> addressed = new LinkedHashMap<>();
        for (Path jar : jars) {
            addressed.put(ContentHash.addressedName(jar), jar);
        }
        ContentAddressedSync.Result r1 =
                ContentAddressedSync.sync(ssh, RemoteLayout.jars(), addressed, "runtime", progress);
        ContentAddressedSync.Result r2 =
                ContentAddressedSync.sync(
                        ssh, RemoteLayout.audio(), dataset.audio(), "audio", progress);
        String datasetDir = RemoteLayout.dataset(dataset.manifestHash());
        sendManifests(ssh, datasetDir, dataset, progress);

        String jobDir = RemoteLayout.job(job.id());
        ssh.makeDirectories(jobDir);
        String classPath =
                addressed.keySet().stream()
                        .map(name -> RemoteLayout.fromJob(RemoteLayout.jars() + "/" + name))
                        .collect(Collectors.joining(":"));
        uploadText(ssh, staging, jobDir + "/job.yaml", configYaml);
        uploadText(ssh, staging, jobDir + "/classpath.txt", classPath + "\n");
        uploadText(ssh, staging, jobDir + "/run.sh", launcherScript());
        uploadText(ssh, staging, jobDir + "/dataset.dir", RemoteLayout.fromJob(datasetDir) + "\n");
        progress.progress("job", 1, 1);
        return new Sent(
                datasetDir, r1.uploaded() + r2.uploaded(), r1.bytesUploaded() + r2.bytesUploaded());
    }

    /**
     * Makes {@link RemoteLayout#BASE} (jobs, their catalogs and checkpoints, dataset audio) the
     * login user's only, also where an earlier workbench made it open to others.
     */
    public static void ownBase(SshSession ssh) {
        ExecResult r =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "mkdir -p \"$1\" && chmod 700 \"$1\"",
                                "sh",
                                RemoteLayout.BASE));
        if (!r.succeeded()) {
            throw new SshException(
                    "cannot make "
                            + RemoteLayout.BASE
                            + " on "
                            + ssh.label()
                            + " yours only: "
                            + r.stderr().strip());
        }
    }

    private static void sendManifests(
            SshSession ssh, String datasetDir, DatasetExport dataset, BundleProgress progress) {
        if (ssh.size(datasetDir + "/.complete").isPresent()) {
            progress.progress("dataset", 1, 1);
            return;
        }
        ssh.makeDirectories(datasetDir);
        List<Path> manifests = new ArrayList<>(dataset.manifests());
        for (int i = 0; i < manifests.size(); i++) {
            Path m = manifests.get(i);
            ssh.upload(m, datasetDir + "/" + m.getFileName(), TransferListener.ignore());
            progress.progress("dataset", i + 1, manifests.size() + 1);
        }
        // the manifests name audio/<sha256>.<ext>: the shared audio folder, seen from here
        ExecResult link =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "cd \"$1\" && ln -sfn ../../audio audio" + " && touch .complete",
                                "sh",
                                datasetDir));
        if (!link.succeeded()) {
            throw new SshException(
                    "cannot prepare the dataset folder "
                            + datasetDir
                            + " on "
                            + ssh.label()
                            + ": "
                            + link.stderr().strip());
        }
        progress.progress("dataset", 1, 1);
    }

    private static void uploadText(SshSession ssh, Path staging, String remotePath, String text) {
        try {
            OwnerOnly.createDirectories(staging);
            Path local = staging.resolve(Path.of(remotePath).getFileName());
            Files.writeString(local, text, StandardCharsets.UTF_8);
            ssh.upload(local, remotePath, TransferListener.ignore());
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot stage " + remotePath + " in " + staging + ": " + e.getMessage(), e);
        }
    }

    static String launcherScript() {
        try (InputStream in = JobBundle.class.getResourceAsStream("run.sh")) {
            if (in == null) {
                throw new IllegalStateException(
                        "run.sh is missing from the remote module's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
