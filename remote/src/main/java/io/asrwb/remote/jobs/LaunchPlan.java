package io.asrwb.remote.jobs;

import java.util.List;
import java.util.Objects;

/**
 * How a job's processes are laid out over hosts. Each plan has its {@link PlanLauncher}; the job
 * machinery (bundle, event stream, stop, fetch, auto-resume) is the same for all of them.
 *
 * <p>{@code SparkCluster} (multi-node on Apache Spark) joins this list as another record.
 */
public sealed interface LaunchPlan permits LaunchPlan.SingleNode {

  /** The inventory names of the hosts, in order of preference. */
  List<String> hosts();

  /** The CLI's {@code --mode} word, also stored in the catalog: {@code single}, {@code spark}. */
  String mode();

  /**
   * One process on one host. The job runs on the first host; when that host cannot be reached to
   * resume a dead process, the next one in the list takes over.
   *
   * @param hosts at least one host name
   */
  record SingleNode(List<String> hosts) implements LaunchPlan {

    public static final String MODE = "single";

    public SingleNode {
      Objects.requireNonNull(hosts, "hosts");
      hosts = List.copyOf(hosts);
      if (hosts.isEmpty()) {
        throw new IllegalArgumentException("a single-node job needs a host: --host NAME");
      }
    }

    @Override
    public String mode() {
      return MODE;
    }
  }
}
