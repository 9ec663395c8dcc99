package io.asrwb.app.spectrogram;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.features.LogMelSpectrogram;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.MelConfig;
import io.asrwb.engine.features.SpectrogramConfig;
import java.nio.file.Path;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
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
 * matrix once, off the FX thread; zoom, scroll, width and scale changes re-render only the part
 * in view (scale changes recompute features from the kept audio). Rendering also runs through
 * the task runner, coalesced: while one render runs, further requests collapse into one more.
 */
public final class SpectrogramViewModel {

  private static final Logger LOG = LoggerFactory.getLogger(SpectrogramViewModel.class);
  /** Same framing as the DS2 features: 20 ms periodic Hamming, 10 ms hop. */
  private static final SpectrogramConfig FRAMING = SpectrogramConfig.deepSpeech();
  private static final MelConfig MEL = MelConfig.of(64);
  public static final double MAX_ZOOM = 256;

  private final TaskRunner tasks;
  private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
  private final ObjectProperty<SpectrogramScale> scale =
      new SimpleObjectProperty<>(SpectrogramScale.LINEAR);
  private final IntegerProperty viewWidth = new SimpleIntegerProperty(800);
  private final DoubleProperty zoom = new SimpleDoubleProperty(1);
  private final DoubleProperty scroll = new SimpleDoubleProperty(0);
  private final ReadOnlyObjectWrapper<SpectrogramImage> image = new ReadOnlyObjectWrapper<>(
      SpectrogramImage.empty(FrequencyAxis.linear(FRAMING.bins(), FRAMING.sampleRate() / 2.0)));
  private final ReadOnlyStringWrapper framing = new ReadOnlyStringWrapper(describe(scale.get()));
  private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("No file");
  private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);

  private PcmAudio audio;
  private FeatureMatrix features;
  private boolean rendering;
  private boolean renderAgain;
  /** Bumped per open/scale change so a late result of older work is dropped. */
  private long generation;

  public SpectrogramViewModel(TaskRunner tasks) {
    this.tasks = tasks;
    scale.addListener((o, a, b) -> {
      framing.set(describe(b));
      recompute();
    });
    zoom.addListener((o, a, b) -> {
      if (b.doubleValue() < 1 || b.doubleValue() > MAX_ZOOM) {
        zoom.set(Math.max(1, Math.min(MAX_ZOOM, b.doubleValue())));
        return;
      }
      render();
    });
    scroll.addListener((o, a, b) -> {
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
    return audio == null ? 0 : audio.durationSeconds();
  }

  // ---- actions -----------------------------------------------------------------------------

  /** Decodes {@code path} (wav, flac, mp3 at any rate) and shows it whole. */
  public void open(Path path) {
    long token = ++generation;
    file.set(path);
    busy.set(true);
    status.set("Opening " + path.getFileName() + "…");
    SpectrogramScale wanted = scale.get();
    tasks.run("Spectrogram of " + path.getFileName(), ctx -> {
      long t0 = System.nanoTime();
      PcmAudio pcm = AudioFiles.load(path);
      long t1 = System.nanoTime();
      FeatureMatrix m = compute(pcm, wanted);
      long t2 = System.nanoTime();
      LOG.info("spectrogram {}: {} s, {} frames; decode {} ms, features {} ms", path.getFileName(),
          String.format(Locale.ROOT, "%.1f", pcm.durationSeconds()), m.frameCount(),
          (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
      return new Opened(pcm, m);
    }, TaskCallbacks.<Opened>of(opened -> {
      if (token != generation) {
        return;
      }
      audio = opened.audio();
      features = opened.features();
      busy.set(false);
      zoom.set(1);
      scroll.set(0);
      status.set(String.format(Locale.ROOT, "%s · %.2f s", path.getFileName(),
          audio.durationSeconds()));
      if (scale.get() != wanted) {
        recompute(); // the scale was switched while the file opened
      } else {
        render();
      }
    }, error -> {
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

  private record Opened(PcmAudio audio, FeatureMatrix features) {}

  private void recompute() {
    if (audio == null) {
      return;
    }
    long token = ++generation;
    PcmAudio pcm = audio;
    SpectrogramScale wanted = scale.get();
    busy.set(true);
    tasks.run("Spectrogram features", ctx -> compute(pcm, wanted),
        TaskCallbacks.<FeatureMatrix>of(m -> {
          if (token == generation) {
            features = m;
            busy.set(false);
            render();
          }
        }, error -> {
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
    int frames = m.frameCount();
    int visible = Math.max(1, (int) Math.round(frames / zoom.get()));
    int from = (int) Math.round(scroll.get() * (frames - visible));
    int width = Math.max(1, viewWidth.get());
    tasks.run("Spectrogram render", ctx -> {
      long t0 = System.nanoTime();
      SpectrogramImage img = SpectrogramRenderer.render(m, from, from + visible, width);
      LOG.debug("rendered {} frames into {}×{} in {} ms", visible, img.width(), img.height(),
          (System.nanoTime() - t0) / 1_000_000);
      return img;
    }, TaskCallbacks.<SpectrogramImage>of(img -> {
      rendering = false;
      if (m == features) {
        image.set(img);
      }
      if (renderAgain) {
        renderAgain = false;
        render();
      }
    }, error -> {
      rendering = false;
      status.set("Cannot render the spectrogram: " + error.getMessage());
    }));
  }

  /** The whole clip's features at the viewer's framing; {@code pcm} must be at 16 kHz. */
  public static FeatureMatrix compute(PcmAudio pcm, SpectrogramScale wanted) {
    double nyquist = FRAMING.sampleRate() / 2.0;
    if (wanted == SpectrogramScale.LOG_MEL) {
      float[][] frames = ParallelFeatures.extract(new LogMelSpectrogram(FRAMING, MEL), pcm.samples());
      double top = Math.min(MEL.fMaxHz(), nyquist);
      return new FeatureMatrix(frames, wanted, FRAMING,
          FrequencyAxis.mel(MEL.nMels(), MEL.scale(), MEL.fMinHz(), top), pcm.durationSeconds());
    }
    float[][] frames = ParallelFeatures.extract(new LogSpectrogram(FRAMING), pcm.samples());
    return new FeatureMatrix(frames, wanted, FRAMING, FrequencyAxis.linear(FRAMING.bins(), nyquist),
        pcm.durationSeconds());
  }

  private static String describe(SpectrogramScale s) {
    double ms = 1000.0 / FRAMING.sampleRate();
    String rows = s == SpectrogramScale.LINEAR ? FRAMING.bins() + " bins" : MEL.nMels() + " mel bands";
    return String.format(Locale.ROOT, "window %.0f ms · hop %.0f ms · %s",
        FRAMING.winLength() * ms, FRAMING.hopLength() * ms, rows);
  }
}
