package io.asrwb.engine.audio;

/** An {@link AudioStream} converted to another rate by a {@link StreamingResampler}. */
public final class ResamplingStream implements AudioStream {

    private static final int READ = 1 << 14;

    private final AudioStream source;
    private final StreamingResampler resampler;
    private final float[] in = new float[READ];
    private float[] pending = new float[0];
    private int pendingPos;
    private boolean finished;

    public ResamplingStream(AudioStream source, int rate) {
        this.source = source;
        this.resampler = new StreamingResampler(source.sampleRate(), rate);
    }

    @Override
    public int sampleRate() {
        return resampler.outRate();
    }

    @Override
    public long length() {
        long n = source.length();
        return n < 0 ? -1 : (n * sampleRate() + source.sampleRate() - 1) / source.sampleRate();
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        while (pendingPos == pending.length) {
            if (finished) {
                return -1;
            }
            int r = source.read(in, 0, in.length);
            if (r < 0) {
                finished = true;
                pending = resampler.finish();
            } else {
                pending = resampler.feed(in, 0, r);
            }
            pendingPos = 0;
        }
        int n = Math.min(len, pending.length - pendingPos);
        System.arraycopy(pending, pendingPos, dst, off, n);
        pendingPos += n;
        return n;
    }

    @Override
    public void close() {
        source.close();
    }
}
