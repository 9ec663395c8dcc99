import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.PreparedRun;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.engine.events.TrainingEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicReference;
import org.bytedeco.javacpp.Pointer;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Probe for the soak's rising native floor (docs/RELIABILITY.md, "Days without a restart"): N tiny
 * trainings in one JVM, each on a fresh thread (MODE=fresh) or all on the main thread (MODE=same);
 * after each, two collections and a pause, then one CSV line: RSS, heap used, JavaCPP's and
 * libnd4j's live counts, threads, workspaces left on the training thread, seconds, and glibc's
 * mallinfo2 (arena bytes, mmapped bytes, in use, free) and ND4J's constant/shape cache bytes.
 * PURGE (comma list): ws = destroy the training thread's workspaces at its end, const = purge the
 * constant cache, trim = malloc_trim(0) after the collections. PROBE_MALLOC_INFO=FILE writes
 * glibc's malloc_info XML at the end.
 *
 * <p>Usage (the engine built; -Xms = -Xmx with pre-touch, so RSS moves only outside the heap):
 * MALLOC_MMAP_THRESHOLD_=131072 java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp
 * "engine/target/asrwb-engine.jar:engine/target/lib/*" bench/TrainingLoopProbe.java CATALOG
 * CONFIG.yaml WORKDIR N MODE [PURGE] — CATALOG holds the soak's 32 clips (bench/soak.sh's awk) as
 * dataset "soak"; CONFIG is the tiny preset with the soak's data/train settings.
 */
public class TrainingLoopProbe {

    public static void main(String[] args) throws Exception {
        Path catalogPath = Path.of(args[0]);
        RunConfig config = RunConfigYaml.standard().loadValidated(Path.of(args[1]));
        Path work = Path.of(args[2]);
        int n = Integer.parseInt(args[3]);
        String mode = args[4];
        String purge = args.length > 5 ? args[5] : "none";
        System.out.println("i,rss_mb,heap_mb,jcpp_total_mb,nd4j_dev_mb,threads,ws,secs,arena_mb,mmap_mb,inuse_mb,free_mb,const_kb,shape_kb");
        try (Catalog catalog = Catalog.open(catalogPath)) {
            for (int i = 0; i < n; i++) {
                Path runDir = work.resolve("run-" + i);
                AtomicReference<String> wsLeft = new AtomicReference<>("?");
                AtomicReference<Throwable> failed = new AtomicReference<>();
                long t0 = System.nanoTime();
                Runnable one =
                        () -> {
                            try (PreparedRun run = RunLauncher.prepareNew(catalog, config, runDir)) {
                                TrainingEvent end = run.runRecorded(catalog, Clock.systemUTC());
                                if (!end.toString().contains("Finished")) {
                                    throw new IllegalStateException(end.toString());
                                }
                            } catch (Exception e) {
                                failed.set(e);
                            }
                            wsLeft.set(
                                    String.valueOf(
                                            Nd4j.getWorkspaceManager()
                                                    .getAllWorkspacesForCurrentThread()
                                                    .size()));
                            if (purge.contains("ws")) {
                                Nd4j.getWorkspaceManager().destroyAllWorkspacesForCurrentThread();
                            }
                        };
                if (mode.equals("same")) {
                    one.run();
                } else {
                    Thread t = new Thread(one, "probe-train-" + i);
                    t.start();
                    t.join();
                }
                if (failed.get() != null) {
                    throw new IllegalStateException(failed.get());
                }
                if (purge.contains("const")) {
                    Nd4j.getConstantHandler().purgeConstants();
                }
                double secs = (System.nanoTime() - t0) / 1e9;
                // delete the run folder: the disk is not what is measured
                try (var walk = Files.walk(runDir)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
                System.gc();
                Thread.sleep(500);
                System.gc();
                Thread.sleep(1000);
                if (purge.contains("trim")) {
                    C.INSTANCE.malloc_trim(0);
                }
                Runtime rt = Runtime.getRuntime();
                System.out.printf(
                        "%d,%d,%d,%d,%d,%d,%s,%.1f,%s%n",
                        i,
                        rssKb() / 1024,
                        (rt.totalMemory() - rt.freeMemory()) >> 20,
                        Pointer.totalBytes() >> 20,
                        Nd4j.getEnvironment().getDeviceCouner(0) >> 20,
                        Thread.activeCount(),
                        wsLeft.get(),
                        secs,
                        mallinfo());
                if (i == n - 1 && System.getenv("PROBE_MALLOC_INFO") != null) {
                    com.sun.jna.Pointer f = C.INSTANCE.fopen(System.getenv("PROBE_MALLOC_INFO"), "w");
                    C.INSTANCE.malloc_info(0, f);
                    C.INSTANCE.fclose(f);
                }
            }
        }
        System.exit(0);
    }

    /** glibc's struct mallinfo2 (size_t fields). */
    public static class MallInfo2 extends com.sun.jna.Structure implements com.sun.jna.Structure.ByValue {
        public long arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost;

        @Override
        protected java.util.List<String> getFieldOrder() {
            return java.util.List.of("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost");
        }
    }

    public interface C extends com.sun.jna.Library {
        C INSTANCE = (C) com.sun.jna.Native.loadLibrary("c", C.class);

        MallInfo2 mallinfo2();

        com.sun.jna.Pointer fopen(String path, String mode);

        int malloc_info(int options, com.sun.jna.Pointer stream);

        int fclose(com.sun.jna.Pointer stream);

        int malloc_trim(long pad);
    }

    private static String mallinfo() {
        try {
            MallInfo2 m = C.INSTANCE.mallinfo2();
            return (m.arena >> 20) + "," + (m.hblkhd >> 20) + "," + ((m.uordblks + m.hblkhd) >> 20) + "," + (m.fordblks >> 20) + "," + (Nd4j.getConstantHandler().getCachedBytes() >> 10) + "," + (Nd4j.getShapeInfoProvider().getCachedBytes() >> 10);
        } catch (Throwable t) {
            return "na,na,na,na,na";
        }
    }

    private static long rssKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
