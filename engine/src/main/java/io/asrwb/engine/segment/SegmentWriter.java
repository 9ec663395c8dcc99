package io.asrwb.engine.segment;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.json.Json;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a plan's cuts as 16 kHz WAVs into a folder, reading the recording once more in file order
 * (one cut's samples at a time), and beside them a NeMo JSON-lines manifest whose extra fields say
 * where each came from: {@code source}, {@code source_start_s}, {@code source_end_s}, and for a
 * text the model wrote, {@code draft: true}. Drafts are transcribed here, {@link #BATCH} cuts a
 * forward pass; a cut the model hears no word in is rejected, not written.
 */
final class SegmentWriter {

    static final String MANIFEST = "manifest.jsonl";
    private static final int BATCH = 8;
    private static final ObjectMapper JSON = Json.mapper();

    /** What was written: the manifest's lines in order, and the cuts left out. */
    record Written(int segments, List<RejectedSpan> rejected) {}

    private final Transcriber transcriber;
    private final SegmentOptions options;

    SegmentWriter(Transcriber transcriber, SegmentOptions options) {
        this.transcriber = transcriber;
        this.options = options;
    }

    /**
     * @param prefix the utterance ids' and file names' start (unique in the dataset)
     */
    Written write(Path recording, SegmentPlan plan, Path folder, String prefix, SegmentListener l)
            throws AudioFileException, IOException {
        int rate = AudioFiles.MODEL_RATE;
        List<RejectedSpan> rejected = new ArrayList<>();
        int written = 0;
        try (AudioStream stream = AudioFiles.stream(recording, rate);
                BufferedWriter manifest = Files.newBufferedWriter(folder.resolve(MANIFEST))) {
            AudioCursor cursor = new AudioCursor(stream);
            List<Cut> cuts = plan.cuts();
            for (int from = 0; from < cuts.size(); from += BATCH) {
                l.checkCancelled();
                List<Cut> batch = cuts.subList(from, Math.min(cuts.size(), from + BATCH));
                List<float[]> audio = new ArrayList<>(batch.size());
                for (Cut c : batch) {
                    long start = Math.round(c.startSeconds() * rate);
                    audio.add(
                            cursor.read(start, (int) (Math.round(c.endSeconds() * rate) - start)));
                }
                List<String> texts =
                        plan.draft() ? drafts(audio) : batch.stream().map(Cut::text).toList();
                for (int i = 0; i < batch.size(); i++) {
                    Cut c = batch.get(i);
                    if (texts.get(i).isEmpty() || audio.get(i).length == 0) {
                        rejected.add(
                                new RejectedSpan(
                                        c.startSeconds(),
                                        c.endSeconds(),
                                        "",
                                        "the model heard no words in this speech; nothing to"
                                                + " label"));
                        continue;
                    }
                    written++;
                    String name = String.format(Locale.ROOT, "%s-%05d", prefix, written);
                    WavWriter.writePcm16(folder.resolve(name + ".wav"), audio.get(i), rate, 1);
                    manifest.write(
                            line(
                                    recording,
                                    name,
                                    audio.get(i).length / (double) rate,
                                    texts.get(i),
                                    c,
                                    plan.draft()));
                    manifest.newLine();
                }
                l.progress("writing", batch.get(batch.size() - 1).endSeconds(), plan.fileSeconds());
            }
        }
        return new Written(written, rejected);
    }

    private List<String> drafts(List<float[]> audio) {
        List<float[][]> logProbs = transcriber.logProbabilities(audio);
        List<String> out = new ArrayList<>(audio.size());
        for (float[][] lp : logProbs) {
            out.add(lp.length == 0 ? "" : transcriber.decode(lp).strip());
        }
        return out;
    }

    private String line(
            Path recording, String name, double seconds, String text, Cut c, boolean draft)
            throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", name);
        m.put("audio_filepath", name + ".wav");
        m.put("duration", seconds);
        m.put("text", text);
        if (!options.speaker().isEmpty()) {
            m.put("speaker", options.speaker());
        }
        m.put("split", options.split().key());
        m.put("source", recording.toAbsolutePath().normalize().toString());
        m.put("source_start_s", round(c.startSeconds()));
        m.put("source_end_s", round(c.endSeconds()));
        if (draft) {
            m.put("draft", true);
        } else {
            m.put("alignment_confidence", round(c.confidence()));
        }
        return JSON.writeValueAsString(m);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
