package io.asrwb.app.spectrogram;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.Locale;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The spectrogram viewer's state. Opening a file decodes it and computes the whole feature
 * matrix once, off the FX thread (a file longer than {@link #LONG_SECONDS} instead goes to a
 * {@link LongSpectrogram}: streamed to a temporary sample file, an overview for wide views and
 * the span in view computed on demand for narrow ones, so hours of audio fit in bounded memory); zoom, scroll, width and scale changes re-render only the part
 * in view (scale changes recompute features from the kept audio). Rendering also runs through
 * the task runner, coalesced: while one render runs, further requests collapse into one more. The
 * open file is a {@link ViewedAudio}; the framing and scales are {@link SpectrogramFeatures}'.
 */
public final class SpectrogramViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(SpectrogramViewModel.class);

    public static final double MAX_ZOOM = 256;

    /** Longer files are not held whole (10 min of audio and features is ~80 MB; 3 h would be 1.4 GB). */
    public static final double LONG_SECONDS = 20 * 60;

    private final TaskRunner tasks;
    private final double longSeconds;
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ObjectProperty<SpectrogramScale> scale =
            new SimpleObjectProperty<>(SpectrogramScale.LINEAR);
    private final IntegerProperty viewWidth = new SimpleIntegerProperty(800);
    private final DoubleProperty zoom = new SimpleDoubleProperty(1);
    private final DoubleProperty scroll = new SimpleDoubleProperty(0);
    private final ReadOnlyObjectWrapper<SpectrogramImage> image =
            new ReadOnlyObjectWrapper<>(
                    SpectrogramImage.empty(SpectrogramFeatures.axis(SpectrogramScale.LINEAR)));
    private final ReadOnlyStringWrapper framing =
            new ReadOnlyStringWrapper(SpectrogramFeatures.describe(scale.get()));
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("No file");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);

    /** The open file and its features; null before the first opens. */
    private ViewedAudio shown;

    private boolean rendering;
    private boolean renderAgain;

    /** Bumped per open/scale change so a late result of older work is dropped. */
    private long generation;

    public SpectrogramViewModel(TaskRunner tasks) {
        this(tasks, LONG_SECONDS);
    }

    /** With files longer than {@code longSeconds} opened as long files (tests use a short bound). */
    SpectrogramViewModel(TaskRunner tasks, double longSeconds) {
        this.tasks = tasks;
        this.longSeconds = longSeconds;
        scale.addListener(
                (o, a, b) -> {
                    framing.set(SpectrogramFeatures.describe(b));
                    recompute();
                });
        zoom.addListener(
                (o, a, b) -> {
                    if (b.doubleValue() < 1 || b.doubleValue() > MAX_ZOOM) {
                        zoom.set(Math.max(1, Math.min(MAX_ZOOM, b.doubleValue())));
                        return;
                    }
                    render();
                });
        scroll.addListener(
                (o, a, b) -> {
                    if (b.doubleValue() < 0 || b.doubleValue() > 1) {
                        scroll.set(Math.max(0, Math.min(1, b.doubleValue())));
                        return;
                    }
                    render();
                });
        viewWidth.addListener((o, a, b) -> render());
    }

    // ---- state -------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<Path> fileProperty() {
        return file.getReadOnlyProperty();
    }

    public ObjectProperty<SpectrogramScale> scaleProperty() {
        return scale;
    }

    /** Columns wanted: the view's width in pixels. */
    public IntegerProperty viewWidthProperty() {
        return viewWidth;
    }

    /** Horizontal magnification, 1 (whole file) to {@link #MAX_ZOOM}. */
    public DoubleProperty zoomProperty() {
        return zoom;
    }

    /** Where the visible span starts, 0 (file start) to 1 (span ends at file end). */
    public DoubleProperty scrollProperty() {
        return scroll;
    }

    public ReadOnlyObjectProperty<SpectrogramImage> imageProperty() {
        return image.getReadOnlyProperty();
    }

    /** Window, hop and rows in words, e.g. "window 20 ms · hop 10 ms · 161 bins". */
    public ReadOnlyStringProperty framingProperty() {
        return framing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Seconds of the open file, 0 when none. */
    public double durationSeconds() {
        return shown == null ? 0 : shown.seconds();
    }

    // ---- actions -----------------------------------------------------------------------------

    /** Decodes {@code path} (any format AudioFiles reads, at any rate) and shows it whole. */
    public void open(Path path) {
        long token = ++generation;
        file.set(path);
        busy.set(true);
        status.set("Opening " + path.getFileName() + "…");
        SpectrogramScale wanted = scale.get();
        boolean isLong = ViewedAudio.probedSeconds(path) > longSeconds;
        tasks.run(
                "Spectrogram of " + path.getFileName(),
                ctx ->
                        isLong
                                ? ViewedAudio.LongFile.open(path, wanted, ctx)
                                : ViewedAudio.WholeClip.open(path, wanted),
                TaskCallbacks.<ViewedAudio>of(
                                opened -> {
                                    if (token != generation) {
                                        opened.close();
                                        return;
                                    }
                                    if (shown != null) {
                                        shown.close();
                                    }
                                    shown = opened;
                                    busy.set(false);
                                    zoom.set(1);
                                    scroll.set(0);
                                    status.set(opened.describe(path));
                                    if (scale.get() != wanted) {
                                        recompute(); // the scale was switched while the file opened
                                    } else {
                                        render();
                                    }
                                },
                                error -> {
                                    if (token == generation) {
                                        busy.set(false);
                                        status.set(
                                                "Cannot open " + path + ": " + error.getMessage());
                                    }
                                })
                        .withProgress(
                                (f, m) -> {
                                    if (token == generation && f >= 0) {
                                        status.set(
                                                String.format(
                                                        Locale.ROOT,
                                                        "Opening %s… %.0f %%",
                                                        path.getFileName(),
                                                        100 * f));
                                    }
                                }));
    }

    /** Multiplies the zoom by {@code factor}, keeping the centre of the view in place. */
    public void zoomBy(double factor) {
        double before = zoom.get();
        double after = Math.max(1, Math.min(MAX_ZOOM, before * factor));
        double visibleBefore = 1 / before;
        double centre = scroll.get() * (1 - visibleBefore) + visibleBefore / 2;
        double visibleAfter = 1 / after;
        double start = centre - visibleAfter / 2;
        zoom.set(after);
        scroll.set(visibleAfter >= 1 ? 0 : start / (1 - visibleAfter));
    }

    // ---- internals ---------------------------------------------------------------------------

    /** Whether the open file is held as a long file; the frames kept in memory then (the overview's). */
    boolean isLongFile() {
        return shown instanceof ViewedAudio.LongFile;
    }

    int framesInMemory() {
        return shown == null ? 0 : shown.features().frameCount();
    }

    private void recompute() {
        if (shown == null) {
            return;
        }
        long token = ++generation;
        ViewedAudio was = shown;
        SpectrogramScale wanted = scale.get();
        busy.set(true);
        tasks.run(
                "Spectrogram features",
                ctx -> was.features(wanted),
                TaskCallbacks.<FeatureMatrix>of(
                        m -> {
                            if (token == generation) {
                                shown = shown.with(m);
                                busy.set(false);
                                render();
                            }
                        },
                        error -> {
                            busy.set(false);
                            status.set("Cannot compute the spectrogram: " + error.getMessage());
                        }));
    }

    // Identity on purpose: an image is shown only if it was rendered from the feature matrix still
    // in view, not from an earlier one that happens to be equal.
    @SuppressWarnings("ReferenceEquality")
    private void render() {
        if (shown == null) {
            return;
        }
        if (rendering) {
            renderAgain = true;
            return;
        }
        rendering = true;
        ViewedAudio v = shown;
        int frames = v.frameCount();
        int visible = Math.max(1, (int) Math.round(frames / zoom.get()));
        int from = (int) Math.round(scroll.get() * (frames - visible));
        int width = Math.max(1, viewWidth.get());
        tasks.run(
                "Spectrogram render",
                ctx -> {
                    long t0 = System.nanoTime();
                    SpectrogramImage img = v.render(from, from + visible, width);
                    LOG.debug(
                            "rendered {} frames into {}×{} in {} ms",
                            visible,
                            img.width(),
                            img.height(),
                            (System.nanoTime() - t0) / 1_000_000);
                    return img;
                },
                TaskCallbacks.<SpectrogramImage>of(
                        img -> {
                            rendering = false;
                            if (v.features() == shown.features()) {
                                image.set(img);
                            }
                            if (renderAgain) {
                                renderAgain = false;
                                render();
                            }
                        },
                        error -> {
                            rendering = false;
                            status.set("Cannot render the spectrogram: " + error.getMessage());
                        }));
    }
}
