package io.asrwb.engine.store;

import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.curation.AudioCheckResult;
import io.asrwb.engine.data.curation.AudioChecks;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code dataset check}: decodes every utterance's audio (in parallel), runs {@link AudioChecks},
 * links exact duplicates to the first utterance in source order with the same audio, and stores
 * the results in one transaction.
 */
public final class AudioCheckRun {

    /** What a check run found. */
    public record Summary(int checked, int unreadable, int duplicates) {}

    private final Catalog catalog;
    private final Clock clock;

    public AudioCheckRun(Catalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** @param progress told as files finish; returning false cancels (nothing stored) */
    public Summary run(String name, ImportProgress progress) {
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require(name));
        List<StoredUtterance> utts = catalog.read(c -> new UtteranceRepository(c).of(d.id()));
        Path root = Path.of(d.root());
        AudioCheckResult[] results = new AudioCheckResult[utts.size()];
        AtomicLong done = new AtomicLong();
        AtomicBoolean cancelled = new AtomicBoolean();
        java.util.stream.IntStream.range(0, utts.size())
                .parallel()
                .forEach(
                        i -> {
                            if (cancelled.get()) {
                                return;
                            }
                            results[i] =
                                    AudioChecks.check(
                                            root.resolve(utts.get(i).utterance().audio()));
                            if (!progress.report(done.incrementAndGet(), utts.size())) {
                                cancelled.set(true);
                            }
                        });
        if (cancelled.get()) {
            throw new CancellationException(
                    "audio check of '" + name + "' cancelled; nothing stored");
        }
        Map<String, AudioCheckResult> byId = new LinkedHashMap<>();
        Map<String, String> firstWithHash = new HashMap<>();
        Map<String, String> dupOf = new HashMap<>();
        int unreadable = 0;
        for (int i = 0;
                i < utts.size();
                i++) { // source order: the first occurrence is the original
            String id = utts.get(i).utterance().id();
            AudioCheckResult r = results[i];
            byId.put(id, r);
            if (r.error() != null) {
                unreadable++;
                continue;
            }
            String first = firstWithHash.putIfAbsent(r.audioHash(), id);
            if (first != null) {
                dupOf.put(id, first);
            }
        }
        catalog.transaction(
                c -> {
                    new UtteranceRepository(c)
                            .saveAudioChecks(d.id(), byId, dupOf, clock.instant());
                    return null;
                });
        return new Summary(utts.size(), unreadable, dupOf.size());
    }
}
