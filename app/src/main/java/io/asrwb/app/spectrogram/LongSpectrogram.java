package io.asrwb.app.spectrogram;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.AudioStream;
import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.SpectrogramConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.DoubleConsumer;
import java.util.stream.IntStream;

/**
 * A file too long to keep whole (hours) as the viewer shows it, in bounded memory. Opening
 * decodes it once, streaming, to 16 kHz 16-bit samples in an owner-only temporary file (2 bytes a
 * sample: 345 MB for 3 hours, on disk, not in memory) and computes an overview of at most {@link
 * #OVERVIEW_FRAMES} frames, each the maximum of a run of real frames. A view wider than {@link
 * #DETAIL_FRAMES} frames is drawn from the overview; a narrower one from frames computed then for
 * that span alone, read from the temporary file. Those frames equal the frames of the stored
 * samples taken whole (margins of real samples around the span, the file's own edges at its ends).
 * Reads are positional, so the overview's chunks run in parallel; {@link #close()} deletes the
 * temporary file.
 */
final class LongSpectrogram implements AutoCloseable {

    /** Columns of the overview: a few times a screen's width, 10 MB of linear bins. */
    static final int OVERVIEW_FRAMES = 16_384;

    /** Widest span computed in full when asked for: 10 minutes of 10 ms frames. */
    static final int DETAIL_FRAMES = 60_000;

    private static final int CHUNK_FRAMES = 8_192;

    private final Path pcm;
    private final FileChannel channel;
    private final long samples;
    private final SpectrogramConfig framing;
    private final int frames;

    private LongSpectrogram(
            Path pcm, FileChannel channel, long samples, SpectrogramConfig framing) {
        this.pcm = pcm;
        this.channel = channel;
        this.samples = samples;
        this.framing = framing;
        this.frames = framing.frameCount((int) Math.min(Integer.MAX_VALUE, samples));
    }

    /** Decodes {@code file} into a temporary sample file; {@code progress} gets the fraction read. */
    static LongSpectrogram open(Path file, SpectrogramConfig framing, DoubleConsumer progress)
            throws AudioFileException, IOException {
        Path pcm = Files.createTempFile("asrwb-spectrogram-", ".pcm"); // 0600 on POSIX
        pcm.toFile().deleteOnExit();
        FileChannel ch = FileChannel.open(pcm, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try (AudioStream in = AudioFiles.stream(file, framing.sampleRate())) {
            long total = in.length();
            float[] block = new float[1 << 16];
            ByteBuffer bytes = ByteBuffer.allocate(block.length * 2).order(ByteOrder.LITTLE_ENDIAN);
            long written = 0;
            int r;
            while ((r = in.read(block, 0, block.length)) >= 0) {
                bytes.clear();
                for (int i = 0; i < r; i++) {
                    bytes.putShort(
                            (short)
                                    Math.max(
                                            -32768,
                                            Math.min(32767, Math.round(block[i] * 32768f))));
                }
                bytes.flip();
                while (bytes.hasRemaining()) {
                    ch.write(bytes, written * 2 + bytes.position());
                }
                written += r;
                if (total > 0) {
                    progress.accept(Math.min(1, (double) written / total));
                }
            }
            return new LongSpectrogram(pcm, ch, written, framing);
        } catch (AudioFileException | IOException | RuntimeException e) {
            ch.close();
            Files.deleteIfExists(pcm);
            throw e;
        }
    }

    double seconds() {
        return (double) samples / framing.sampleRate();
    }

    int frameCount() {
        return frames;
    }

    /** Real frames per overview frame. */
    int overviewGroup() {
        return Math.max(1, (frames + OVERVIEW_FRAMES - 1) / OVERVIEW_FRAMES);
    }

    /**
     * The overview: frame k the maximum of real frames k·g .. (k+1)·g (g = {@link #overviewGroup()}),
     * timed by a framing whose hop is g hops.
     */
    FeatureMatrix overview(FeatureExtractor extractor, SpectrogramScale scale, FrequencyAxis axis) {
        int group = overviewGroup();
        int count = (frames + group - 1) / group;
        float[][] out = new float[count][];
        // Chunks of whole groups (about CHUNK_FRAMES frames, 5 MB), so no two chunks share an
        // overview frame and they can run in parallel, one per core.
        int step = group * Math.max(1, CHUNK_FRAMES / group);
        int chunks = (frames + step - 1) / step;
        IntStream.range(0, chunks)
                .parallel()
                .forEach(
                        c -> {
                            int first = c * step;
                            int last = Math.min(frames, first + step);
                            float[][] part = frames(extractor, first, last);
                            for (int f = 0; f < part.length; f++) {
                                int k = (first + f) / group;
                                if (out[k] == null) {
                                    out[k] = part[f].clone();
                                } else {
                                    float[] column = out[k];
                                    float[] frame = part[f];
                                    for (int r = 0; r < column.length; r++) {
                                        column[r] = Math.max(column[r], frame[r]);
                                    }
                                }
                            }
                        });
        SpectrogramConfig coarse =
                new SpectrogramConfig(
                        framing.sampleRate(),
                        framing.nFft(),
                        framing.winLength(),
                        framing.hopLength() * group,
                        framing.window(),
                        framing.periodicWindow(),
                        framing.center());
        return new FeatureMatrix(out, scale, coarse, axis, seconds());
    }

    /**
     * Real frames {@code from .. to} (exclusive), equal to those of the whole file: the slice read
     * carries whole hops of real samples (≥ half an FFT) on each side, and ends where the file does.
     */
    float[][] frames(FeatureExtractor extractor, int from, int to) {
        int hop = framing.hopLength();
        int margin = (framing.nFft() / 2 + hop - 1) / hop + 1;
        int firstInSlice = Math.min(from, margin);
        long sliceStart = (long) (from - firstInSlice) * hop;
        long wantedEnd = (long) (to - 1 + margin) * hop + framing.nFft();
        long sliceEnd = wantedEnd >= samples ? samples : wantedEnd;
        float[][] all = extractor.extract(read(sliceStart, (int) (sliceEnd - sliceStart)));
        float[][] out = new float[to - from][];
        System.arraycopy(all, firstInSlice, out, 0, to - from);
        return out;
    }

    private float[] read(long start, int count) {
        ByteBuffer b = ByteBuffer.allocate(count * 2).order(ByteOrder.LITTLE_ENDIAN);
        try {
            long pos = start * 2;
            while (b.hasRemaining()) {
                int n = channel.read(b, pos);
                if (n < 0) {
                    break;
                }
                pos += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the spectrogram's sample file " + pcm, e);
        }
        b.flip();
        float[] out = new float[count];
        for (int i = 0; i < count && b.remaining() >= 2; i++) {
            out[i] = b.getShort() / 32768f;
        }
        return out;
    }

    @Override
    public void close() {
        try {
            channel.close();
            Files.deleteIfExists(pcm);
        } catch (IOException e) {
            // a temporary file: deleteOnExit tries again
        }
    }
}
