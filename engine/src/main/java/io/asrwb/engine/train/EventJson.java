package io.asrwb.engine.train;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.train.TrainingEvent.BatchSkipped;
import io.asrwb.engine.train.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.RunFailed;
import io.asrwb.engine.train.TrainingEvent.RunFinished;
import io.asrwb.engine.train.TrainingEvent.RunStarted;
import io.asrwb.engine.train.TrainingEvent.StepCompleted;
import io.asrwb.engine.train.TrainingEvent.UtteranceResult;
import java.util.Locale;

/**
 * The one JSON form of a {@link TrainingEvent}, as written to {@code events.jsonl} and {@code
 * --porcelain} stdout and parsed by the remote side: an object with {@code type} (started, step,
 * eval, checkpoint, skipped, failed, finished) and {@code step}; step events carry {@code loss},
 * eval events {@code wer} and {@code cer}; started events {@code backend} (ND4J's class), {@code
 * backendName} ({@code nd4j-native} or {@code cuda}) and {@code devices}. Non-finite numbers are written as {@code null}.
 */
public final class EventJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private EventJson() {}

  /** The {@code type} field of an event. */
  public static String typeOf(TrainingEvent event) {
    if (event instanceof RunStarted) {
      return "started";
    } else if (event instanceof StepCompleted) {
      return "step";
    } else if (event instanceof EvalCompleted) {
      return "eval";
    } else if (event instanceof CheckpointSaved) {
      return "checkpoint";
    } else if (event instanceof BatchSkipped) {
      return "skipped";
    } else if (event instanceof RunFailed) {
      return "failed";
    } else {
      return "finished";
    }
  }

  /** One line of JSON, no line break. */
  public static String line(TrainingEvent event) {
    try {
      return JSON.writeValueAsString(toJson(event));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + typeOf(event) + " event as JSON", e);
    }
  }

  public static ObjectNode toJson(TrainingEvent event) {
    ObjectNode o = JSON.createObjectNode();
    o.put("type", typeOf(event));
    o.put("step", event.step());
    if (event instanceof RunStarted e) {
      o.put("runDir", e.runDir().toString());
      o.put("backend", e.backend());
      // added beside "backend" (ND4J's class name, kept for readers of older lines): nd4j-native|cuda
      o.put("backendName", ComputeBackend.nameOf(e.backend()));
      ArrayNode devices = o.putArray("devices");
      e.devices().forEach(devices::add);
      o.put("parameters", e.parameters());
      o.put("resumed", e.resumed());
      o.set("config", ConfigMapper.get().valueToTree(e.config()));
    } else if (event instanceof StepCompleted e) {
      o.put("epoch", e.epoch());
      number(o, "loss", e.loss());
      number(o, "lr", e.lr());
      number(o, "seconds", e.seconds());
      number(o, "utterancesPerSecond", e.utterancesPerSecond());
      number(o, "audioSecondsPerSecond", e.audioSecondsPerSecond());
    } else if (event instanceof EvalCompleted e) {
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
    } else if (event instanceof CheckpointSaved e) {
      o.put("path", e.path().toString());
      o.put("best", e.best());
    } else if (event instanceof BatchSkipped e) {
      ArrayNode ids = o.putArray("utterances");
      e.utteranceIds().forEach(ids::add);
      o.put("reason", e.reason());
      o.put("wholeBatch", e.wholeBatch());
    } else if (event instanceof RunFailed e) {
      o.put("message", e.message());
    } else if (event instanceof RunFinished e) {
      o.put("reason", e.reason().name().toLowerCase(Locale.ROOT));
    }
    return o;
  }

  private static void number(ObjectNode o, String field, double value) {
    if (Double.isFinite(value)) {
      o.put(field, value);
    } else {
      o.putNull(field);
    }
  }
}
