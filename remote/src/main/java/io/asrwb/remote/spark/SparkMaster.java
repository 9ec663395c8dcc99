package io.asrwb.remote.spark;

import java.util.Objects;

/** Where a Spark job's master comes from: started by us on a box, or a cluster that exists. */
public sealed interface SparkMaster {

    /** The URL the driver and the workers connect to. */
    String url();

    /**
     * A standalone master we start over SSH.
     *
     * @param node the box it runs on (its address is the one in the URL)
     * @param port its port (7077 is Spark's default)
     */
    record Start(SparkNode node, int port) implements SparkMaster {
        public Start {
            Objects.requireNonNull(node, "node");
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(
                        "Spark master port must be 1..65535, got " + port);
            }
        }

        @Override
        public String url() {
            return "spark://" + node.address() + ":" + port;
        }
    }

    /** A cluster someone else runs: we only submit the driver to it. */
    record Existing(String url) implements SparkMaster {
        public Existing {
            Objects.requireNonNull(url, "url");
            if (!url.matches("spark://[^/\\s:]+:[0-9]+")) {
                throw new IllegalArgumentException(
                        "an existing Spark master is spark://HOST:PORT, got '" + url + "'");
            }
        }
    }
}
