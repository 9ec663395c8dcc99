package io.asrwb.remote.jobs.bundle;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.formats.DatasetIO;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.engine.store.CuratedExporter;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.remote.jobs.core.ContentHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A catalog dataset as it goes to a host: the curated utterances (exclusions and edited
 * transcripts applied) written as NeMo manifests whose audio paths are
 * {@code audio/<sha256>.<ext>}, so on the host they point into the shared content-addressed
 * audio folder.
 *
 * @param manifestHash the {@link ManifestHash} of what was written: names the dataset's folder
 *     on the host, so the same curated dataset is sent once
 * @param manifests the manifest files written (one per split)
 * @param audio addressed name to the local audio file
 */
public record DatasetExport(String manifestHash, List<Path> manifests, Map<String, Path> audio) {

    public DatasetExport {
        manifests = List.copyOf(manifests);
        audio = Map.copyOf(audio);
    }

    /**
     * Writes the manifests under {@code stagingDir} (no audio is copied there).
     *
     * @throws CatalogException when there is no such dataset or all of it is excluded
     */
    public static DatasetExport write(Catalog catalog, String dataset, Path stagingDir)
            throws IOException {
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require(dataset));
        List<Utterance> curated = new CuratedExporter(catalog, Clock.systemUTC()).curated(d.id());
        if (curated.isEmpty()) {
            throw new CatalogException(
                    "every utterance of '"
                            + dataset
                            + "' is excluded; include some"
                            + " again before training on it");
        }
        Path root = Path.of(d.root());
        Map<String, Path> audio = new LinkedHashMap<>();
        List<Utterance> addressed = new ArrayList<>(curated.size());
        for (Utterance u : curated) {
            Path file = root.resolve(u.audio());
            if (!Files.isRegularFile(file)) {
                throw new CatalogException(
                        "audio "
                                + file
                                + " of utterance "
                                + u.id()
                                + " in '"
                                + dataset
                                + "' is missing; restore it, or exclude the utterance before"
                                + " submitting");
            }
            String name = ContentHash.addressedName(file);
            audio.put(name, file);
            addressed.add(
                    new Utterance(
                            u.id(),
                            "audio/" + name,
                            u.durationSeconds(),
                            u.transcript(),
                            u.speaker(),
                            u.split()));
        }
        OwnerOnly.createDirectories(stagingDir);
        // the audio paths lie under the staging folder, so the writer references them in place and
        // links nothing: only the manifests are written
        List<Path> manifests =
                DatasetIO.write(DatasetFormat.NEMO, addressed, stagingDir, stagingDir);
        return new DatasetExport(ManifestHash.of(addressed), manifests, audio);
    }
}
