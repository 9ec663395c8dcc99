package io.asrwb.engine.analysis;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import io.asrwb.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code eval --errors FILE.json}: the evaluation's header fields, its corpus tables and every
 * utterance with its word diff ({@code ok}, {@code sub}, {@code del}, {@code ins}), streamed so a
 * large split is never held twice.
 */
public final class ErrorFile {

    private ErrorFile() {}

    public static void write(
            Path file,
            Map<String, Object> header,
            ErrorReport report,
            List<ScoredUtterance> utterances)
            throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (JsonGenerator g =
                Json.mapper()
                        .getFactory()
                        .createGenerator(Files.newOutputStream(file), JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            for (Map.Entry<String, Object> e : header.entrySet()) {
                g.writeObjectField(e.getKey(), e.getValue());
            }
            g.writeNumberField("utterance_count", report.utterances());
            g.writeNumberField("reference_words", report.referenceWords());
            g.writeNumberField("word_errors", report.wordErrors());
            g.writeArrayFieldStart("substitutions");
            for (ErrorReport.Substitution s : report.substitutions()) {
                g.writeStartObject();
                g.writeStringField("reference", s.reference());
                g.writeStringField("hypothesis", s.hypothesis());
                g.writeNumberField("count", s.count());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("words");
            for (ErrorReport.WordAccuracy w : report.words()) {
                g.writeStartObject();
                g.writeStringField("word", w.word());
                g.writeNumberField("occurrences", w.occurrences());
                g.writeNumberField("correct", w.correct());
                g.writeNumberField("accuracy", w.accuracy());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("wer_by");
            for (Map.Entry<String, List<ErrorReport.GroupWer>> e : report.groups().entrySet()) {
                g.writeArrayFieldStart(e.getKey());
                for (ErrorReport.GroupWer w : e.getValue()) {
                    g.writeStartObject();
                    g.writeStringField("key", w.key());
                    g.writeNumberField("utterances", w.utterances());
                    g.writeNumberField("reference_words", w.referenceWords());
                    g.writeNumberField("word_errors", w.wordErrors());
                    g.writeNumberField("wer", w.wer());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("utterances");
            for (ScoredUtterance u : utterances) {
                utterance(g, u);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void utterance(JsonGenerator g, ScoredUtterance u) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", u.id());
        g.writeStringField("speaker", u.speaker());
        g.writeNumberField("duration", u.durationSeconds());
        g.writeStringField("folder", u.folder());
        g.writeStringField("reference", u.reference());
        g.writeStringField("hypothesis", u.hypothesis());
        g.writeNumberField("cer", u.cer());
        g.writeNumberField("word_errors", u.wordErrors());
        g.writeNumberField("reference_words", u.referenceWords());
        g.writeArrayFieldStart("edits");
        for (WordEdit e : u.edits()) {
            g.writeStartObject();
            g.writeStringField("op", op(e.kind()));
            g.writeStringField("ref", e.reference());
            g.writeStringField("hyp", e.hypothesis());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    static String op(WordEdit.Kind kind) {
        return switch (kind) {
            case MATCH -> "ok";
            case SUBSTITUTION -> "sub";
            case INSERTION -> "ins";
            case DELETION -> "del";
        };
    }

    /** The diff as one line for people: wrong words as [ref->hyp], [-del], [+ins]. */
    public static String line(List<WordEdit> edits) {
        StringBuilder out = new StringBuilder();
        for (WordEdit e : edits) {
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(
                    switch (e.kind()) {
                        case MATCH -> e.reference();
                        case SUBSTITUTION -> "[" + e.reference() + "->" + e.hypothesis() + "]";
                        case DELETION -> "[-" + e.reference() + "]";
                        case INSERTION -> "[+" + e.hypothesis() + "]";
                    });
        }
        return out.toString();
    }
}
