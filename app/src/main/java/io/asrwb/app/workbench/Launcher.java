package io.asrwb.app.workbench;

import io.asrwb.engine.model.layers.MallocThreshold;
import io.asrwb.engine.model.layers.OpenMpWaitPolicy;
import io.asrwb.engine.store.AppDirs;
import javafx.application.Application;

/**
 * Plain main class: starting through a class that does not extend {@link Application} lets the
 * app run from the class path (no module-info: ND4J has split packages).
 */
public final class Launcher {

    private Launcher() {}

    public static void main(String[] args) {
        StartupTime.mark("main");
        prepareNatives();
        Application.launch(WorkbenchApp.class, args);
    }

    /**
     * Where ND4J's natives unpack, then glibc's mmap threshold and OpenMP's idle policy, set on a
     * thread of their own: off the start-up path (JNA's native library takes tens of milliseconds
     * to load); both settle before ND4J loads, which the window does not wait for.
     */
    static void prepareNatives() {
        AppDirs.defaultNativeCacheDir();
        Thread pin =
                new Thread(
                        () -> {
                            MallocThreshold.pin();
                            OpenMpWaitPolicy.sleepWhenIdle();
                        },
                        "native-settings");
        pin.setDaemon(true);
        pin.start();
    }
}
