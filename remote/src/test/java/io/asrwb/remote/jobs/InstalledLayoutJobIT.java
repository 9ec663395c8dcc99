package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestRuntime;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job submitted from the installed app's layout trains on the host: the real runtime jars laid
 * out as {@code installer/src/build/stage.sh} lays them out in {@code lib/app} (jars flat, the
 * oneDNN build of ND4J's natives unpacked into {@code natives/} and reached through a
 * manifest-only {@code natives.jar}, the other CPU build not shipped), the runtime found from that
 * class path as {@link RuntimeJars#ofRunningEngine} finds it installed.
 */
@Timeout(600)
class InstalledLayoutJobIT {

    private static final String SHIPPED_NATIVES = "-linux-x86_64-onednn-avx2.jar";

    @TempDir Path dir;

    @Test
    void aJobFromTheInstalledLayoutShipsThePackedNativesAndTrains() throws Exception {
        Path app = dir.resolve("install/lib/app");
        List<Path> classPath = stage(app);
        Path engine = app.resolve(TestRuntime.jars().jars().get(0).getFileName());

        RuntimeJars runtime = RuntimeJars.ofClassPath(engine, classPath, dir.resolve("cache"));

        Path packed = runtime.jars().get(runtime.jars().size() - 1);
        assertThat(packed.getFileName().toString()).startsWith("natives-");
        assertThat(runtime.jars())
                .noneMatch(
                        j ->
                                j.getFileName().toString().startsWith("nd4j-native-")
                                        && j.getFileName().toString().contains("linux-x86_64"));
        Path bedDir = Files.createDirectories(dir.resolve("bed"));
        try (JobTestBed bed = new JobTestBed(bedDir, "mini", 6)) {
            RemoteJobs jobs =
                    new RemoteJobs(
                            bed.catalog,
                            bed.sessions(),
                            () -> runtime,
                            bed.dir.resolve("staging"),
                            JobTestBed.FOLLOW,
                            Clock.systemUTC());
            JobRecord job =
                    jobs.submit(
                            new JobSpec(
                                    "mini",
                                    JobTestBed.config(12, 6),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    0),
                            BundleProgress.ignore());
            String classPathThere =
                    Files.readString(
                            bed.server
                                    .home()
                                    .resolve(RemoteLayout.job(job.id()))
                                    .resolve("classpath.txt"));

            EventRecorder events = new EventRecorder();
            JobState end = jobs.attach(job.id(), events);

            assertThat(classPathThere).contains(ContentHash.addressedName(packed));
            assertThat(end)
                    .as(String.join("\n", events.notes))
                    .isInstanceOf(JobState.Finished.class);
            assertThat(events.events.get(0)).contains("\"backend\":\"CpuBackend\"");
            assertThat(events.events).anyMatch(e -> e.contains("\"type\":\"checkpoint\""));
        }
    }

    /** lib/app as the installer stages it; returns the launcher's class path (jars only). */
    private static List<Path> stage(Path app) throws IOException {
        Files.createDirectories(app.resolve("natives"));
        List<Path> classPath = new ArrayList<>();
        for (Path jar : TestRuntime.jars().jars()) {
            String name = jar.getFileName().toString();
            if (name.endsWith(SHIPPED_NATIVES)) {
                unpack(jar, app.resolve("natives"));
            } else if (!(name.startsWith("nd4j-native-") && name.contains("-linux-x86_64"))) {
                Path copy = app.resolve(name);
                try {
                    Files.createLink(copy, jar);
                } catch (IOException | UnsupportedOperationException crossDevice) {
                    Files.copy(jar, copy);
                }
                classPath.add(copy);
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, "natives/");
        Path natives = app.resolve("natives.jar");
        try (OutputStream out = Files.newOutputStream(natives);
                JarOutputStream jar = new JarOutputStream(out, manifest)) {
            classPath.add(natives);
        }
        return classPath;
    }

    /** {@code unzip -x 'META-INF/*'}, as stage.sh does. */
    private static void unpack(Path jar, Path into) throws IOException {
        try (InputStream in = Files.newInputStream(jar);
                ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                if (e.isDirectory() || e.getName().startsWith("META-INF/")) {
                    continue;
                }
                Path target = into.resolve(e.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException(
                            jar + ": entry " + e.getName() + " points outside the folder");
                }
                Files.createDirectories(target.getParent());
                Files.copy(zip, target);
            }
        }
    }
}
