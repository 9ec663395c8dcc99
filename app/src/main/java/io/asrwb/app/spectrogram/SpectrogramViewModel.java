package io.asrwb.app.spectrogram;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.LogMelSpectrogram;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.MelConfig;
import io.asrwb.engine.features.SpectrogramConfig;
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
 * the task runner, coalesced: while one render runs, further requests collapse into one more.
 */
public final class SpectrogramViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(SpectrogramViewModel.class);

    /** Same framing as the DS2 features: 20 ms periodic Hamming, 10 ms hop. */
    private static final SpectrogramConfig FRAMING = SpectrogramConfig.deepSpeech();

    private static final MelConfig MEL = MelConfig.of(64);
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
                    SpectrogramImage.empty(
                            FrequencyAxis.linear(FRAMING.bins(), FRAMING.sampleRate() / 2.0)));
    private final ReadOnlyStringWrapper framing = new ReadOnlyStringWrapper(describe(scale.get()));
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("No file");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);

    private PcmAudio audio;
    private FeatureMatrix features;

    /** The open file when it is long (then audio is null and features is its overview). */
    private LongSpectrogram longFile;

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
                    framing.set(describe(b));
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
        return longFile != null ? longFile.seconds() : audio == null ? 0 : audio.durationSeconds();
    }

    // ---- actions -----------------------------------------------------------------------------

    /** Decodes {@code path} (wav, flac, mp3 at any rate) and shows it whole. */
    public void open(Path path) {
        long token = ++generation;
        file.set(path);
        busy.set(true);
        status.set("Opening " + path.getFileName() + "…");
        SpectrogramScale wanted = scale.get();
        double probed = probedSeconds(path);
        if (probed > longSeconds) {
            openLong(path, token, wanted);
            return;
        }
        tasks.run(
                "Spectrogram of " + path.getFileName(),
                ctx -> {
                    long t0 = System.nanoTime();
                    PcmAudio pcm = AudioFiles.load(path);
                    long t1 = System.nanoTime();
                    FeatureMatrix m = compute(pcm, wanted);
                    long t2 = System.nanoTime();
                    LOG.info(
                            "spectrogram {}: {} s, {} frames; decode {} ms, features {} ms",
                            path.getFileName(),
                            String.format(Locale.ROOT, "%.1f", pcm.durationSeconds()),
                            m.frameCount(),
                            (t1 - t0) / 1_000_000,
                            (t2 - t1) / 1_000_000);
                    return new Opened(pcm, m);
                },
                TaskCallbacks.<Opened>of(
                        opened -> {
                            if (token != generation) {
                                return;
                            }
                            closeLong();
                            audio = opened.audio();
                            features = opened.features();
                            busy.set(false);
                            zoom.set(1);
                            scroll.set(0);
                            status.set(
                                    String.format(
                                            Locale.ROOT,
                                            "%s · %.2f s",
                                            path.getFileName(),
                                            audio.durationSeconds()));
                            if (scale.get() != wanted) {
                                recompute(); // the scale was switched while the file opened
                            } else {
                                render();
                            }
                        },
                        error -> {
                            if (token == generation) {
                                busy.set(false);
                                status.set("Cannot open " + path + ": " + error.getMessage());
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

    /** The header's duration, or 0 when it cannot say (the whole-file path then reports the problem). */
    private static double probedSeconds(Path path) {
        try {
            return AudioFiles.probe(path).durationSeconds();
        } catch (AudioFileException | RuntimeException e) {
            return 0;
        }
    }

    private void openLong(Path path, long token, SpectrogramScale wanted) {
        tasks.run(
                "Spectrogram of " + path.getFileName(),
                ctx -> {
                    long t0 = System.nanoTime();
                    LongSpectrogram opened =
                            LongSpectrogram.open(
                                    path,
                                    FRAMING,
                                    f -> ctx.progress(Math.round(f * 1000), 1000, "decoding"));
                    try {
                        FeatureMatrix overview = overview(opened, wanted);
                        LOG.info(
                                "long spectrogram {}: {} s, {} frames, overview {} frames; {} ms",
                                path.getFileName(),
                                String.format(Locale.ROOT, "%.1f", opened.seconds()),
                                opened.frameCount(),
                                overview.frameCount(),
                                (System.nanoTime() - t0) / 1_000_000);
                        return new OpenedLong(opened, overview);
                    } catch (RuntimeException e) {
                        opened.close();
                        throw e;
                    }
                },
                TaskCallbacks.<OpenedLong>of(
                                opened -> {
                                    if (token != generation) {
                                        opened.file().close();
                                        return;
                                    }
                                    closeLong();
                                    longFile = opened.file();
                                    audio = null;
                                    features = opened.overview();
                                    busy.set(false);
                                    zoom.set(1);
                                    scroll.set(0);
                                    status.set(
                                            String.format(
                                                    Locale.ROOT,
                                                    "%s · %.2f s (long file: overview, detail when"
                                                            + " zoomed in)",
                                                    path.getFileName(),
                                                    longFile.seconds()));
                                    if (scale.get() != wanted) {
                                        recompute();
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

    /** Whether the open file is held as a long file; the frames kept in memory then (the overview's). */
    boolean isLongFile() {
        return longFile != null;
    }

    int framesInMemory() {
        return features == null ? 0 : features.frameCount();
    }

    private record OpenedLong(LongSpectrogram file, FeatureMatrix overview) {}

    private void closeLong() {
        if (longFile != null) {
            longFile.close();
            longFile = null;
        }
    }

    private static FeatureMatrix overview(LongSpectrogram file, SpectrogramScale wanted) {
        return file.overview(extractor(wanted), wanted, axis(wanted));
    }

    /** The frames in view of a long file: from the overview when wide, computed for the span when narrow. */
    private static SpectrogramImage renderLong(
            LongSpectrogram file, FeatureMatrix overview, int from, int to, int width) {
        if (to - from > LongSpectrogram.DETAIL_FRAMES) {
            int g = file.overviewGroup();
            return SpectrogramRenderer.render(overview, from / g, (to + g - 1) / g, width);
        }
        SpectrogramScale s = overview.scale();
        float[][] span = file.frames(extractor(s), from, to);
        FeatureMatrix m =
                new FeatureMatrix(
                        span,
                        s,
                        FRAMING,
                        overview.axis(),
                        (to - from) * FRAMING.hopLength() / (double) FRAMING.sampleRate());
        SpectrogramImage img = SpectrogramRenderer.render(m, 0, span.length, width);
        double offset = from * (double) FRAMING.hopLength() / FRAMING.sampleRate();
        return new SpectrogramImage(
                img.argb(),
                img.width(),
                img.height(),
                img.minDb(),
                img.maxDb(),
                img.startSeconds() + offset,
                Math.min(file.seconds(), img.endSeconds() + offset),
                img.axis(),
                img.framesPerColumn());
    }

    private static FeatureExtractor extractor(SpectrogramScale s) {
        return s == SpectrogramScale.LOG_MEL
                ? new LogMelSpectrogram(FRAMING, MEL)
                : new LogSpectrogram(FRAMING);
    }

    private static FrequencyAxis axis(SpectrogramScale s) {
        double nyquist = FRAMING.sampleRate() / 2.0;
        return s == SpectrogramScale.LOG_MEL
                ? FrequencyAxis.mel(
                        MEL.nMels(), MEL.scale(), MEL.fMinHz(), Math.min(MEL.fMaxHz(), nyquist))
                : FrequencyAxis.linear(FRAMING.bins(), nyquist);
    }

    private record Opened(PcmAudio audio, FeatureMatrix features) {}

    private void recompute() {
        if (audio == null && longFile == null) {
            return;
        }
        long token = ++generation;
        PcmAudio pcm = audio;
        LongSpectrogram file = longFile;
        SpectrogramScale wanted = scale.get();
        busy.set(true);
        tasks.run(
                "Spectrogram features",
                ctx -> file != null ? overview(file, wanted) : compute(pcm, wanted),
                TaskCallbacks.<FeatureMatrix>of(
                        m -> {
                            if (token == generation) {
                                features = m;
                                busy.set(false);
                                render();
                            }
                        },
                        error -> {
                            busy.set(false);
                            status.set("Cannot compute the spectrogram: " + error.getMessage());
                        }));
    }

    private void render() {
        if (features == null) {
            return;
        }
        if (rendering) {
            renderAgain = true;
            return;
        }
        rendering = true;
        FeatureMatrix m = features;
        LongSpectrogram file = longFile;
        int frames = file != null ? file.frameCount() : m.frameCount();
        int visible = Math.max(1, (int) Math.round(frames / zoom.get()));
        int from = (int) Math.round(scroll.get() * (frames - visible));
        int width = Math.max(1, viewWidth.get());
        tasks.run(
                "Spectrogram render",
                ctx -> {
                    long t0 = System.nanoTime();
                    SpectrogramImage img =
                            file != null
                                    ? renderLong(file, m, from, from + visible, width)
                                    : SpectrogramRenderer.render(m, from, from + visible, width);
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
                            if (m == features) {
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

    /** The whole clip's features at the viewer's framing; {@code pcm} must be at 16 kHz. */
    public static FeatureMatrix compute(PcmAudio pcm, SpectrogramScale wanted) {
        double nyquist = FRAMING.sampleRate() / 2.0;
        if (wanted == SpectrogramScale.LOG_MEL) {
            float[][] frames =
                    ParallelFeatures.extract(new LogMelSpectrogram(FRAMING, MEL), pcm.samples());
            double top = Math.min(MEL.fMaxHz(), nyquist);
            return new FeatureMatrix(
                    frames,
                    wanted,
                    FRAMING,
                    FrequencyAxis.mel(MEL.nMels(), MEL.scale(), MEL.fMinHz(), top),
                    pcm.durationSeconds());
        }
        float[][] frames = ParallelFeatures.extract(new LogSpectrogram(FRAMING), pcm.samples());
        return new FeatureMatrix(
                frames,
                wanted,
                FRAMING,
                FrequencyAxis.linear(FRAMING.bins(), nyquist),
                pcm.durationSeconds());
    }

    private static String describe(SpectrogramScale s) {
        double ms = 1000.0 / FRAMING.sampleRate();
        String rows =
                s == SpectrogramScale.LINEAR
                        ? FRAMING.bins() + " bins"
                        : MEL.nMels() + " mel bands";
        return String.format(
                Locale.ROOT,
                "window %.0f ms · hop %.0f ms · %s",
                FRAMING.winLength() * ms,
                FRAMING.hopLength() * ms,
                rows);
    }
}
