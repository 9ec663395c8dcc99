package io.asrwb.engine.curve;

import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A learning curve's state file ({@value #FILE} in its folder): what was asked and how far each
 * point got. Written after every change of a point, atomically, so a killed run leaves either the
 * state before or after, and a rerun continues from it.
 *
 * @param dataset the catalog dataset
 * @param by "speaker" or "utterance": what the subsets are drawn in
 * @param seed seed of the draw
 * @param evalSplit the split every point is evaluated on
 * @param points one per fraction, smallest first
 */
public record CurveState(
        int schema,
        String dataset,
        String by,
        long seed,
        String evalSplit,
        List<CurvePoint> points) {

    public static final String FILE = "learning-curve.json";
    static final int SCHEMA = 1;

    public CurveState {
        points = List.copyOf(points);
    }

    /** The fractions asked for, smallest first. */
    public List<Double> fractions() {
        return points.stream().map(CurvePoint::fraction).toList();
    }

    /** The evaluated points, smallest first. */
    public List<CurvePoint> done() {
        return points.stream().filter(p -> p.status() == CurvePoint.Status.DONE).toList();
    }

    /** The measured points for a fit. */
    public List<PowerLaw.Point> measured() {
        return done().stream().map(p -> new PowerLaw.Point(p.hours(), p.wer())).toList();
    }

    CurveState with(int index, CurvePoint point) {
        List<CurvePoint> changed = new ArrayList<>(points);
        changed.set(index, point);
        return new CurveState(schema, dataset, by, seed, evalSplit, changed);
    }

    /** Reads the state file of the learning-curve folder {@code dir}. */
    public static CurveState read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IOException(dir + " is no learning-curve folder: it has no " + FILE);
        }
        CurveState state = Json.mapper().readValue(file.toFile(), CurveState.class);
        if (state.schema() != SCHEMA) {
            throw new IOException(file + " has schema " + state.schema() + ", not " + SCHEMA);
        }
        return state;
    }

    static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /** Replaces the state file: a reader sees the old one or the new one, never half of one. */
    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        AtomicWrite.replaceOwnerOnly(
                dir.resolve(FILE),
                temp ->
                        Json.mapper()
                                .writerWithDefaultPrettyPrinter()
                                .writeValue(temp.toFile(), this));
    }
}
