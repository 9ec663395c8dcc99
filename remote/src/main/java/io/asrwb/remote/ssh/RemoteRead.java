package io.asrwb.remote.ssh;

/**
 * Bytes read from a remote file starting at a byte offset (for following a growing log).
 *
 * @param offset where the bytes start
 * @param bytes what was read (maybe empty; may end inside a line or a UTF-8 character)
 * @param fileSize the file's size when read; below {@code offset} means it was truncated or replaced
 */
public record RemoteRead(long offset, byte[] bytes, long fileSize) {

    /** Where the next read should start. */
    public long nextOffset() {
        return offset + bytes.length;
    }

    public boolean truncated() {
        return fileSize < offset;
    }
}
