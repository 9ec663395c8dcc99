package io.asrwb.engine.tensorboard;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * TFRecord framing, the container of TensorBoard's event files: each record is its length (uint64,
 * little-endian), the masked CRC-32C of those 8 bytes, the data, and the masked CRC-32C of the data
 * (both CRCs uint32, little-endian). A reader stops at the first record it cannot read whole, so a
 * file cut off mid-record by a kill still reads up to its last complete record.
 */
public final class TfRecords {

    /** Added after the rotation; TensorFlow's masking, so that a CRC of CRCs is not trivial. */
    private static final int MASK_DELTA = 0xa282ead8;

    /** Bytes a record adds around its data: length, its CRC, and the data's CRC. */
    public static final int OVERHEAD = 8 + 4 + 4;

    private TfRecords() {}

    /** The masked CRC-32C (Castagnoli) of {@code data[offset, offset + length)}. */
    public static int maskedCrc32c(byte[] data, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(data, offset, length);
        int value = (int) crc.getValue();
        return Integer.rotateRight(value, 15) + MASK_DELTA;
    }

    /** {@code data} as one whole record. */
    public static byte[] frame(byte[] data) {
        ByteBuffer record =
                ByteBuffer.allocate(OVERHEAD + data.length).order(ByteOrder.LITTLE_ENDIAN);
        record.putLong(data.length);
        record.putInt(maskedCrc32c(record.array(), 0, 8));
        record.put(data);
        record.putInt(maskedCrc32c(data, 0, data.length));
        return record.array();
    }
}
