package io.asrwb.engine.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.events.EventLine.Beat;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.json.Json;
import java.nio.file.Path;
import java.util.Locale;

/** {@link EventCodec}'s writing half: each event's fields, in the order lines have always had. */
final class EventEncoder implements TrainingEvent.Visitor<ObjectNode> {

    private final ObjectNode o;

    private EventEncoder(ObjectNode o) {
        this.o = o;
    }

    static ObjectNode toJson(TrainingEvent event) {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("type", EventCodec.typeOf(event));
        o.put("step", event.step());
        return event.accept(new EventEncoder(o));
    }

    static ObjectNode beat(Beat b) {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("type", EventCodec.HEARTBEAT);
        o.put("step", b.step()); // like every event: the run's last step
        o.put("time", b.time() == null ? null : b.time().toString());
        // not "host"/"node": the job view files lines naming those under another lane than the
        // job's host (its inventory name, which this box's own name need not be)
        o.put("hostname", b.hostname());
        return o;
    }

    @Override
    public ObjectNode started(RunStarted e) {
        o.put("runDir", text(e.runDir()));
        o.put("backend", e.backend());
        // added beside "backend" (ND4J's class name, kept for readers of older lines)
        o.put("backendName", ComputeBackend.nameOf(e.backend()));
        ArrayNode devices = o.putArray("devices");
        e.devices().forEach(devices::add);
        o.put("parameters", e.parameters());
        o.put("resumed", e.resumed());
        if (e.config() != null) {
            o.set("config", ConfigMapper.get().valueToTree(e.config()));
        }
        return o;
    }

    @Override
    public ObjectNode step(StepCompleted e) {
        o.put("epoch", e.epoch());
        number(o, "loss", e.loss());
        number(o, "lr", e.lr());
        number(o, "seconds", e.seconds());
        number(o, "utterancesPerSecond", e.utterancesPerSecond());
        number(o, "audioSecondsPerSecond", e.audioSecondsPerSecond());
        if (!Double.isNaN(e.gradientNorm())) { // a step without one writes the line it always did
            number(o, "gradientNorm", e.gradientNorm());
        }
        return o;
    }

    @Override
    public ObjectNode eval(EvalCompleted e) {
        number(o, "loss", e.loss());
        number(o, "wer", e.wer());
        number(o, "cer", e.cer());
        ArrayNode utterances = o.putArray("utterances");
        for (UtteranceResult u : e.utterances()) {
            ObjectNode row = utterances.addObject();
            row.put("id", u.id());
            row.put("reference", u.reference());
            row.put("hypothesis", u.hypothesis());
            number(row, "cer", u.cer());
        }
        return o;
    }

    @Override
    public ObjectNode checkpoint(CheckpointSaved e) {
        o.put("path", text(e.path()));
        o.put("best", e.best());
        return o;
    }

    @Override
    public ObjectNode skipped(BatchSkipped e) {
        ArrayNode ids = o.putArray("utterances");
        e.utteranceIds().forEach(ids::add);
        o.put("reason", e.reason());
        o.put("wholeBatch", e.wholeBatch());
        return o;
    }

    @Override
    public ObjectNode flagged(UtteranceFlagged e) {
        o.put("utterance", e.utteranceId());
        o.put("audio", e.audio());
        o.put("transcript", e.transcript());
        o.put("reason", e.reason());
        return o;
    }

    @Override
    public ObjectNode failed(RunFailed e) {
        return o.put("message", e.message());
    }

    @Override
    public ObjectNode finished(RunFinished e) {
        return o.put("reason", e.reason().name().toLowerCase(Locale.ROOT));
    }

    private static String text(Path path) {
        return path == null ? null : path.toString();
    }

    private static void number(ObjectNode o, String field, double value) {
        if (Double.isFinite(value)) {
            o.put(field, value);
        } else {
            o.putNull(field);
        }
    }
}
