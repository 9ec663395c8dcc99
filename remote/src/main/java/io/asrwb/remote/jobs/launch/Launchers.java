package io.asrwb.remote.jobs.launch;

import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.spark.SparkRuntime;
import java.time.Duration;
import java.util.function.Supplier;

/** The {@link PlanLauncher} of each kind of {@link LaunchPlan}, and the jars a Spark plan sends. */
public final class Launchers {

    /** Spark's daemons start in seconds; a loaded box may take a minute. */
    private static final Duration SPARK_START_TIMEOUT = Duration.ofMinutes(3);

    private final Catalog catalog;
    private final SessionFactory sessions;
    private final Supplier<RuntimeJars> runtime;
    private final Supplier<SparkRuntime> sparkRuntime;

    /**
     * @param runtime the engine jars to send
     * @param sparkRuntime Spark's jars and JVM options (asked for only by a Spark plan)
     */
    public Launchers(
            Catalog catalog,
            SessionFactory sessions,
            Supplier<RuntimeJars> runtime,
            Supplier<SparkRuntime> sparkRuntime) {
        this.catalog = catalog;
        this.sessions = sessions;
        this.runtime = runtime;
        this.sparkRuntime = sparkRuntime;
    }

    /** The launcher of a single-node plan (Spark plans need a {@link Launchers}: {@link #of}). */
    public static PlanLauncher singleNode(LaunchPlan plan) {
        if (plan instanceof LaunchPlan.SingleNode) {
            return new SingleNodeLauncher();
        }
        throw new IllegalArgumentException("no launcher for launch mode " + plan.mode());
    }

    /** The launcher of any plan. */
    public PlanLauncher of(LaunchPlan plan) {
        if (plan instanceof LaunchPlan.Spark) {
            return new SparkJobLauncher(
                    sessions, this::addressOf, sparkRuntime, this::sparkJars, SPARK_START_TIMEOUT);
        }
        return singleNode(plan);
    }

    /** The engine's jars, for a plan of one process. */
    public RuntimeJars engineJars() {
        return runtime.get();
    }

    /** The engine's and Spark's jars together, for a Spark plan. */
    public RuntimeJars sparkJars() {
        return SparkJobLauncher.withSpark(runtime.get(), sparkRuntime.get());
    }

    /** The inventory address of a host: where the other hosts of a Spark job reach it. */
    private String addressOf(String host) {
        return new HostRepository(catalog)
                .find(host)
                .map(Host::address)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "host "
                                                + host
                                                + " is not in the inventory; add it with"
                                                + " `asrwb host add`"));
    }
}
