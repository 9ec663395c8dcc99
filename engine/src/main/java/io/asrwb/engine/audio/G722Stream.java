package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A raw G.722 file (64 kbit/s, no header: what Asterisk and most VoIP recorders write) decoded a
 * block at a time to 16 kHz mono. Every byte is two samples, so any non-empty length is whole.
 */
final class G722Stream implements AudioStream {

    private static final int BLOCK_BYTES = 1 << 14;

    private final FileHead file;
    private final G722Decoder decoder = new G722Decoder();
    private final ByteBuffer bytes = ByteBuffer.allocate(BLOCK_BYTES);
    private final short[] pcm = new short[2 * BLOCK_BYTES];
    private int pcmPos;
    private int pcmLen;
    private long bytePos;

    G722Stream(FileHead file) {
        this.file = file;
    }

    /** What the file's size says: 8000 bytes a second, two samples a byte. */
    static AudioInfo info(FileHead f) {
        long frames = 2 * f.size;
        return new AudioInfo(
                "g722", G722Decoder.RATE, 1, 0, frames, (double) frames / G722Decoder.RATE);
    }

    @Override
    public int sampleRate() {
        return G722Decoder.RATE;
    }

    @Override
    public long length() {
        return 2 * file.size;
    }

    @Override
    public int read(float[] dst, int off, int len) throws AudioFileException {
        if (pcmPos == pcmLen && !refill()) {
            return -1;
        }
        int n = Math.min(len, pcmLen - pcmPos);
        for (int i = 0; i < n; i++) {
            dst[off + i] = pcm[pcmPos + i] / 32768f;
        }
        pcmPos += n;
        return n;
    }

    private boolean refill() throws AudioFileException {
        int n = (int) Math.min(BLOCK_BYTES, file.size - bytePos);
        if (n <= 0) {
            return false;
        }
        bytes.clear().limit(n);
        try {
            FileHead.readFully(file.channel, bytes, bytePos);
        } catch (IOException e) {
            throw FileHead.ioError(file.file, e);
        }
        if (bytes.hasRemaining()) {
            throw FileHead.ioError(
                    file.file,
                    new IOException("file ended at byte " + bytes.position() + " of this block"));
        }
        decoder.decode(bytes.array(), 0, n, pcm, 0);
        bytePos += n;
        pcmPos = 0;
        pcmLen = 2 * n;
        return true;
    }

    /** Decodes the whole file. */
    static PcmAudio decodeAll(FileHead f) throws AudioFileException {
        AudioInfo info = info(f);
        if (info.frames() > Integer.MAX_VALUE - 8) {
            throw new AudioFileException(
                    f.file,
                    AudioFileException.Reason.UNSUPPORTED_FORMAT,
                    "G.722 file too long to decode at once ("
                            + f.size
                            + " bytes): "
                            + f.file
                            + "; transcribe it as a long file (streamed) or split it");
        }
        float[] out = new float[(int) info.frames()];
        G722Stream s = new G722Stream(f); // not closed here: the caller owns f
        int done = 0;
        int n;
        while (done < out.length && (n = s.read(out, done, out.length - done)) > 0) {
            done += n;
        }
        return new PcmAudio(out, G722Decoder.RATE);
    }

    @Override
    public void close() {
        file.close();
    }
}
