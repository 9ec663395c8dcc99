package io.asrwb.remote.jobs.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.json.Json;
import java.util.ArrayList;
import java.util.List;

/** A {@link LaunchPlan} as the catalog's {@code jobs.plan} column holds it: JSON with a mode. */
final class LaunchPlanJson {

    private static final ObjectMapper JSON = Json.mapper();

    private LaunchPlanJson() {}

    static String write(LaunchPlan plan) {
        ObjectNode o = JSON.createObjectNode();
        o.put("mode", plan.mode());
        plan.hosts().forEach(o.putArray("hosts")::add);
        if (plan instanceof LaunchPlan.Spark spark) {
            o.put("master", spark.master());
            o.put("cores", spark.cores());
            o.put("worker_memory", spark.workerMemory());
            o.put("master_port", spark.masterPort());
        }
        return o.toString();
    }

    static LaunchPlan read(String json) {
        JsonNode o;
        try {
            o = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "a job's launch plan in the catalog is not JSON: " + json, e);
        }
        List<String> hosts = new ArrayList<>();
        o.path("hosts").forEach(h -> hosts.add(h.asText()));
        String mode = o.path("mode").asText();
        if (LaunchPlan.SingleNode.MODE.equals(mode)) {
            return new LaunchPlan.SingleNode(hosts);
        }
        if (LaunchPlan.Spark.MODE.equals(mode)) {
            return new LaunchPlan.Spark(
                    hosts,
                    o.path("master").asText(""),
                    o.path("cores").asInt(1),
                    o.path("worker_memory").asText("2g"),
                    o.path("master_port").asInt(7077));
        }
        throw new IllegalStateException(
                "a job in the catalog has launch mode '"
                        + mode
                        + "', which this ASR Workbench does not know; update it");
    }
}
