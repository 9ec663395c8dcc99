package io.asrwb.app.spectrogram;

import static io.asrwb.app.spectrogram.SpectrogramFeatures.FRAMING;

import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file open in the spectrogram viewer with its features at one scale: held whole, or long
 * (streamed to a temporary sample file, with an overview in memory and the span in view computed
 * on demand). Opening, recomputing and rendering run off the FX thread.
 */
sealed interface ViewedAudio extends AutoCloseable
        permits ViewedAudio.WholeClip, ViewedAudio.LongFile {

    Logger LOG = LoggerFactory.getLogger(ViewedAudio.class);

    /** The features in memory: all of a whole clip's, a long file's overview. */
    FeatureMatrix features();

    double seconds();

    /** Frames of the whole file at the viewer's framing. */
    int frameCount();

    /** The features at {@code scale} (a long file: its overview). */
    FeatureMatrix features(SpectrogramScale scale);

    /** The same audio with {@code features} computed by {@link #features(SpectrogramScale)}. */
    ViewedAudio with(FeatureMatrix features);

    /** Frames [from, to) into {@code width} columns. */
    SpectrogramImage render(int from, int to, int width);

    /** The status line once opened. */
    String describe(Path path);

    @Override
    void close();

    /** The header's duration, or 0 when it cannot say (opening whole then reports the problem). */
    static double probedSeconds(Path path) {
        try {
            return AudioFiles.probe(path).durationSeconds();
        } catch (AudioFileException | RuntimeException e) {
            return 0;
        }
    }

    /** A file held whole: the audio and all its features. */
    record WholeClip(PcmAudio audio, FeatureMatrix features) implements ViewedAudio {

        static WholeClip open(Path path, SpectrogramScale wanted) throws AudioFileException {
            long t0 = System.nanoTime();
            PcmAudio pcm = AudioFiles.load(path);
            long t1 = System.nanoTime();
            FeatureMatrix m = SpectrogramFeatures.compute(pcm, wanted);
            long t2 = System.nanoTime();
            LOG.info(
                    "spectrogram {}: {} s, {} frames; decode {} ms, features {} ms",
                    path.getFileName(),
                    String.format(Locale.ROOT, "%.1f", pcm.durationSeconds()),
                    m.frameCount(),
                    (t1 - t0) / 1_000_000,
                    (t2 - t1) / 1_000_000);
            return new WholeClip(pcm, m);
        }

        @Override
        public double seconds() {
            return audio.durationSeconds();
        }

        @Override
        public int frameCount() {
            return features.frameCount();
        }

        @Override
        public FeatureMatrix features(SpectrogramScale scale) {
            return SpectrogramFeatures.compute(audio, scale);
        }

        @Override
        public ViewedAudio with(FeatureMatrix m) {
            return new WholeClip(audio, m);
        }

        @Override
        public SpectrogramImage render(int from, int to, int width) {
            return SpectrogramRenderer.render(features, from, to, width);
        }

        @Override
        public String describe(Path path) {
            return String.format(Locale.ROOT, "%s · %.2f s", path.getFileName(), seconds());
        }

        @Override
        public void close() {}
    }

    /** A long file: streamed to disk, its overview in memory. */
    record LongFile(LongSpectrogram file, FeatureMatrix features) implements ViewedAudio {

        static LongFile open(Path path, SpectrogramScale wanted, TaskContext ctx)
                throws AudioFileException, IOException {
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
                return new LongFile(opened, overview);
            } catch (RuntimeException e) {
                opened.close();
                throw e;
            }
        }

        private static FeatureMatrix overview(LongSpectrogram file, SpectrogramScale wanted) {
            return file.overview(
                    SpectrogramFeatures.extractor(wanted),
                    wanted,
                    SpectrogramFeatures.axis(wanted));
        }

        @Override
        public double seconds() {
            return file.seconds();
        }

        @Override
        public int frameCount() {
            return file.frameCount();
        }

        @Override
        public FeatureMatrix features(SpectrogramScale scale) {
            return overview(file, scale);
        }

        @Override
        public ViewedAudio with(FeatureMatrix m) {
            return new LongFile(file, m);
        }

        /** From the overview when wide, computed for the span when narrow. */
        @Override
        public SpectrogramImage render(int from, int to, int width) {
            if (to - from > LongSpectrogram.DETAIL_FRAMES) {
                int g = file.overviewGroup();
                return SpectrogramRenderer.render(features, from / g, (to + g - 1) / g, width);
            }
            SpectrogramScale s = features.scale();
            float[][] span = file.frames(SpectrogramFeatures.extractor(s), from, to);
            FeatureMatrix m =
                    new FeatureMatrix(
                            span,
                            s,
                            FRAMING,
                            features.axis(),
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

        @Override
        public String describe(Path path) {
            return String.format(
                    Locale.ROOT,
                    "%s · %.2f s (long file: overview, detail when zoomed in)",
                    path.getFileName(),
                    seconds());
        }

        @Override
        public void close() {
            file.close();
        }
    }
}
