package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An open audio file with its first bytes already read: every header parser works on this, so a
 * probe opens the file once and usually reads it once (probing runs on 100k files per import).
 * The caller closes it.
 */
final class FileHead implements AutoCloseable {

    /** Enough for a RIFF header, FLAC's STREAMINFO, or an mp3 frame header with its Xing frame. */
    static final int HEAD_BYTES = 4096;

    final Path file;
    final FileChannel channel;
    final long size;

    /** The first min(size, HEAD_BYTES) bytes, little-endian, position 0, limit = bytes read. */
    final ByteBuffer head;

    private FileHead(Path file, FileChannel channel, long size, ByteBuffer head) {
        this.file = file;
        this.channel = channel;
        this.size = size;
        this.head = head;
    }

    /** Opens the file, rejecting a missing or empty one, and reads its head. */
    static FileHead open(Path file) throws AudioFileException {
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.MISSING,
                    "audio file does not exist: " + file + "; check the path in the manifest");
        } catch (AccessDeniedException e) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.IO_ERROR,
                    "no permission to read audio file " + file + "; fix its permissions",
                    e);
        } catch (IOException e) {
            throw ioError(file, e);
        }
        try {
            long size = ch.size();
            if (size == 0) {
                throw new AudioFileException(
                        file,
                        AudioFileException.Reason.EMPTY,
                        "audio file is empty (0 bytes): " + file + "; re-export or remove it");
            }
            ByteBuffer head =
                    ByteBuffer.allocate((int) Math.min(size, HEAD_BYTES))
                            .order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, head, 0);
            head.flip();
            return new FileHead(file, ch, size, head);
        } catch (AudioFileException e) {
            closeQuietly(ch);
            throw e;
        } catch (IOException e) {
            closeQuietly(ch);
            throw ioError(file, e);
        }
    }

    /** Reads up to {@code n} bytes at {@code pos} (fewer at the end of the file), little-endian. */
    ByteBuffer read(long pos, int n) throws AudioFileException {
        n = (int) Math.max(0, Math.min(n, size - pos));
        if (pos + n <= head.limit()) {
            return head.slice((int) pos, n).order(ByteOrder.LITTLE_ENDIAN); // no second system call
        }
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        try {
            readFully(channel, b, pos);
        } catch (IOException e) {
            throw ioError(file, e);
        }
        return b.flip();
    }

    /** Whether the head starts with these ASCII bytes at {@code offset}. */
    boolean startsWith(int offset, String ascii) {
        return startsWith(head, offset, ascii);
    }

    static boolean startsWith(ByteBuffer b, int offset, String ascii) {
        if (offset + ascii.length() > b.limit()) {
            return false;
        }
        for (int i = 0; i < ascii.length(); i++) {
            if (b.get(offset + i) != (byte) ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The first bytes as printable text, for messages about files that are not audio. */
    String printableStart(int n) {
        StringBuilder s = new StringBuilder("'");
        for (int i = 0; i < n && i < head.limit(); i++) {
            char c = (char) (head.get(i) & 0xff);
            s.append(c >= 32 && c < 127 ? c : '?');
        }
        return s.append('\'').toString();
    }

    static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
        while (buf.hasRemaining()) {
            int n = ch.read(buf, pos);
            if (n < 0) {
                break;
            }
            pos += n;
        }
    }

    static AudioFileException ioError(Path file, IOException e) {
        return new AudioFileException(
                file,
                AudioFileException.Reason.IO_ERROR,
                "cannot read audio file " + file + ": " + e.getMessage(),
                e);
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // already failing with a better message
        }
    }

    @Override
    public void close() {
        closeQuietly(channel);
    }
}
