package io.asrwb.engine.train.distributed.spark;

import io.asrwb.engine.model.layers.VectorApi;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;

/** The Spark properties of a training driver. */
final class SparkConfs {

    /**
     * ND4J's off-heap bounds and native cache, and the logging config (the CLI's, a resource of
     * the engine jar: warnings only, not Spark's DEBUG flood), passed on from the driver to the
     * executors.
     */
    private static final List<String> PASSED_ON =
            List.of(
                    "logback.configurationFile",
                    "org.bytedeco.javacpp.maxbytes",
                    "org.bytedeco.javacpp.maxphysicalbytes",
                    "org.bytedeco.javacpp.cachedir");

    private SparkConfs() {}

    static SparkConf of(SparkSettings settings, String appName) {
        SparkConf conf =
                new SparkConf()
                        .setMaster(settings.master())
                        .setAppName(appName)
                        // no web UI: one port less to open or clash on a shared box
                        .set("spark.ui.enabled", "false")
                        // a task gets any free slot at once; our data has no locality to wait for
                        .set("spark.locality.wait", "0s");
        if (!settings.executorClassPath().isEmpty()) {
            conf.set("spark.executor.extraClassPath", settings.executorClassPath());
        }
        List<String> options = new ArrayList<>();
        for (String key : PASSED_ON) {
            String value = System.getProperty(key);
            if (value != null) {
                options.add("-D" + key + "=" + value);
            }
        }
        // the executors train as fast as the driver: its Vector API kernels where it has them
        if (VectorApi.present()) {
            options.add(VectorApi.JVM_OPTION);
        }
        if (!options.isEmpty()) {
            conf.set("spark.executor.extraJavaOptions", String.join(" ", options));
        }
        settings.conf().forEach(conf::set);
        return conf;
    }
}
