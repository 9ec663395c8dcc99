package io.asrwb.app.words;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.align.ClipAlignment;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.data.SplitChoice;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The word tiers of the shown clip: read from the newest stored alignment of the clip, or aligned
 * on demand with {@link #modelProperty() the checkpoint} off the FX thread; the selected word,
 * moved by keyboard, selected on and played from the clip through the {@link SpanPlayer}.
 */
public final class WordTierViewModel {

    /** The clip whose words are shown. */
    private record Clip(String dataset, SplitChoice split, String uttId) {}

    private final AppContext ctx;
    private final SpanPlayer player;
    private final ClipAligner aligner = new ClipAligner();
    private final ObjectProperty<WordTier> tier = new SimpleObjectProperty<>();
    private final ObjectProperty<WordSpan> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<Path> model = new SimpleObjectProperty<>();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final BooleanProperty alignable = new SimpleBooleanProperty();
    private final StringProperty status = new SimpleStringProperty("");
    private Clip clip;
    private ClipRequest expected;

    /** Drops an alignment that arrives after another clip was shown. */
    private long generation;

    public WordTierViewModel(AppContext ctx, SpanPlayer player) {
        this.ctx = ctx;
        this.player = player;
        selected.addListener((o, was, now) -> player.select(now == null ? null : now.span()));
    }

    /**
     * The next {@link #show} of this request's clip selects its word, and aligns the clip with its
     * checkpoint when none is stored.
     */
    public void expect(ClipRequest request) {
        expected = request;
        if (request.checkpoint() != null) {
            model.set(request.checkpoint());
        }
    }

    /** Shows the words of a dataset's utterance (null clears). */
    public void show(String dataset, SplitChoice split, String uttId) {
        generation++;
        ClipRequest request = expected;
        expected = null;
        tier.set(null);
        selected.set(null);
        busy.set(false);
        clip = dataset == null || uttId == null ? null : new Clip(dataset, split, uttId);
        alignable.set(clip != null);
        if (clip == null) {
            status.set("");
            return;
        }
        boolean asked =
                request != null
                        && request.dataset().equals(dataset)
                        && request.uttId().equals(uttId);
        Optional<ClipAlignment> stored = ClipAlignment.newest(ctx.catalog(), dataset, uttId);
        if (stored.isPresent()) {
            showAligned(stored.get(), asked ? request.focus() : Optional.empty(), asked);
        } else if (asked && request.checkpoint() != null) {
            align(request.focus());
        } else {
            status.set("No stored alignment of this clip: Align (Ctrl+Shift+A) with " + name());
        }
    }

    /** Shows words already read (the Alignment tab's rows), without a clip to align again. */
    public void showStored(StoredAlignment words, String source) {
        generation++;
        clip = null;
        alignable.set(false);
        busy.set(false);
        selected.set(null);
        tier.set(WordTier.of(words, source));
        status.set(describe(tier.get(), words));
    }

    /** Aligns the shown clip with the chosen checkpoint now (not stored), off the FX thread. */
    public void align() {
        align(Optional.empty());
    }

    private void align(Optional<WordFocus> focus) {
        Clip c = clip;
        Path checkpoint = model.get();
        if (c == null || checkpoint == null) {
            status.set(c == null ? "No clip to align" : "Choose a checkpoint to align with");
            return;
        }
        long gen = ++generation;
        busy.set(true);
        status.set("Aligning " + c.uttId() + " with " + name() + "…");
        ctx.tasks()
                .run(
                        "Align " + c.uttId(),
                        task ->
                                ClipAlignment.alignNow(
                                        ctx.catalog(),
                                        c.dataset(),
                                        c.split(),
                                        c.uttId(),
                                        aligner.transcriber(checkpoint)),
                        TaskCallbacks.<Optional<ClipAlignment>>of(
                                a -> {
                                    if (gen != generation) {
                                        return;
                                    }
                                    busy.set(false);
                                    if (a.isPresent()) {
                                        showAligned(a.get(), focus, focus.isPresent());
                                    } else {
                                        status.set(
                                                c.uttId()
                                                        + " cannot be aligned: excluded, or"
                                                        + " characters outside the model's"
                                                        + " alphabet");
                                    }
                                },
                                e -> {
                                    if (gen == generation) {
                                        busy.set(false);
                                        status.set("Alignment failed: " + e.getMessage());
                                    }
                                }));
    }

    private void showAligned(ClipAlignment a, Optional<WordFocus> focus, boolean selectError) {
        String source =
                String.format(
                        Locale.ROOT,
                        "%s, step %d",
                        Path.of(a.checkpoint()).getFileName(),
                        a.step());
        WordTier t = WordTier.of(a.words(), source);
        tier.set(t);
        status.set(describe(t, a.words()));
        Optional<WordSpan> first = focus.flatMap(t::at).or(t::firstError);
        if (selectError) {
            first.ifPresent(selected::set);
        }
    }

    private static String describe(WordTier t, StoredAlignment a) {
        return a.message().isEmpty()
                ? "Words aligned by " + t.source()
                : "Words aligned by " + t.source() + " (" + a.message() + ")";
    }

    private String name() {
        Path m = model.get();
        return m == null ? "a checkpoint" : String.valueOf(m.getFileName());
    }

    /** Selects a word on the clip (null: none). */
    public void select(WordSpan word) {
        selected.set(word);
    }

    /** Selects a word and plays just its span. */
    public void play(WordSpan word) {
        selected.set(word);
        if (word != null) {
            player.play(word.span());
        }
    }

    /** Plays the selected word again. */
    public void playSelected() {
        play(selected.get());
    }

    /** The next word (the reference row, then the hypothesis row, around again). */
    public void next() {
        step(1);
    }

    public void previous() {
        step(-1);
    }

    private void step(int by) {
        WordTier t = tier.get();
        if (t == null || t.all().isEmpty()) {
            return;
        }
        List<WordSpan> all = t.all();
        int at = all.indexOf(selected.get());
        int n = all.size();
        selected.set(all.get(at < 0 ? (by > 0 ? 0 : n - 1) : Math.floorMod(at + by, n)));
    }

    /** The word of the other row nearest the selected one in time. */
    public void otherRow() {
        WordTier t = tier.get();
        WordSpan s = selected.get();
        if (t == null || s == null) {
            return;
        }
        WordSpan.Tier other =
                s.tier() == WordSpan.Tier.REFERENCE
                        ? WordSpan.Tier.HYPOTHESIS
                        : WordSpan.Tier.REFERENCE;
        t.nearest(other, (s.startSec() + s.endSec()) / 2).ifPresent(selected::set);
    }

    public ObjectProperty<WordTier> tierProperty() {
        return tier;
    }

    public ObjectProperty<WordSpan> selectedProperty() {
        return selected;
    }

    /** The checkpoint {@link #align()} uses. */
    public ObjectProperty<Path> modelProperty() {
        return model;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    /** Where the words came from, or why there are none. */
    public StringProperty statusProperty() {
        return status;
    }

    /** Whether a dataset's clip is shown, which {@link #align()} can align. */
    public BooleanProperty alignableProperty() {
        return alignable;
    }
}
