package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and writes datasets in every supported {@link DatasetFormat}. Reading checks every entry
 * (audio header, duration, transcript, alphabet) and never stops at the first bad one.
 */
public final class DatasetIO {

    /** Stage timings at DEBUG: the import benchmark reads them to say where the time goes. */
    private static final Logger LOG = LoggerFactory.getLogger(DatasetIO.class);

    private DatasetIO() {}

    /**
     * Reads a dataset.
     *
     * @param source   the manifest file, or the folder for folder-based formats
     * @param alphabet characters outside it are reported as warnings (utterance kept)
     * @throws IOException only when {@code source} itself cannot be read at all
     * @throws java.util.concurrent.CancellationException when {@code progress} cancelled
     */
    public static ImportOutcome read(
            DatasetFormat format, Path source, Alphabet alphabet, ImportProgress progress)
            throws IOException {
        return read(format, source, null, alphabet, progress);
    }

    /**
     * Reads a dataset whose root is {@code root} rather than the manifest's folder, the manifest's
     * relative audio paths still starting at its own folder (e.g. segments written to {@code
     * out/talk/manifest.jsonl} of a dataset kept in {@code out}).
     *
     * @param root the folder relative audio paths may not climb out of (absolute paths may point
     *             anywhere); null for the format's default (the manifest's folder, or {@code
     *             source} itself for folder formats)
     */
    public static ImportOutcome read(
            DatasetFormat format,
            Path source,
            Path root,
            Alphabet alphabet,
            ImportProgress progress)
            throws IOException {
        return read(format, source, root, null, alphabet, progress);
    }

    /**
     * Reads a dataset whose manifest's relative audio paths start at {@code root} ({@code dataset
     * import --root}): e.g. a manifest in {@code data/manifests/} naming {@code wavs/x.wav} under
     * {@code data}. {@code root} is also the dataset's root, which they may not climb out of.
     */
    public static ImportOutcome readRelativeTo(
            DatasetFormat format,
            Path source,
            Path root,
            Alphabet alphabet,
            ImportProgress progress)
            throws IOException {
        return read(format, source, root, root, alphabet, progress);
    }

    private static ImportOutcome read(
            DatasetFormat format,
            Path source,
            Path root,
            Path base,
            Alphabet alphabet,
            ImportProgress progress)
            throws IOException {
        if (!Files.exists(source)) {
            throw new NoSuchFileException(
                    source.toString(), null, "dataset source does not exist; check the path");
        }
        long t0 = System.nanoTime();
        ParsedSource parsed = DatasetFormats.reader(format).parse(source, root, base);
        long t1 = System.nanoTime();
        ImportOutcome outcome = EntryValidator.validate(format, source, parsed, alphabet, progress);
        LOG.debug(
                "import stage: parse {} ms ({} rows), check entries and probe headers {} ms",
                (t1 - t0) / 1_000_000,
                parsed.rows().size(),
                (System.nanoTime() - t1) / 1_000_000);
        return outcome;
    }

    /**
     * Writes {@code utterances} (audio paths relative to {@code audioRoot}) in {@code format} under
     * {@code out}, so that {@link #read} of what was written yields the same utterances. Audio already
     * under {@code out} is referenced in place; other audio is hard-linked (or copied) into {@code
     * out}, so the written dataset is self-contained. Formats that keep splits in separate files
     * write one manifest per split; read the folder {@code out} to get them all back.
     *
     * @return the manifest files written
     */
    public static List<Path> write(
            DatasetFormat format, List<Utterance> utterances, Path audioRoot, Path out)
            throws IOException {
        return DatasetFormats.writer(format).write(utterances, audioRoot, out);
    }
}
