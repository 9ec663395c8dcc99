package io.asrwb.engine.curve.png;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

/** Writes a {@link Raster} as a PNG file: 8-bit RGB, no interlace, every row unfiltered. */
public final class PngFile {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private PngFile() {}

    public static void write(Raster raster, Path file) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(SIGNATURE);
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(header);
        h.writeInt(raster.width());
        h.writeInt(raster.height());
        h.writeByte(8); // bits per channel
        h.writeByte(2); // colour type: RGB
        h.writeByte(0); // deflate
        h.writeByte(0); // filter method
        h.writeByte(0); // no interlace
        chunk(out, "IHDR", header.toByteArray());
        ByteArrayOutputStream image = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(image)) {
            int[] px = raster.pixels();
            byte[] row = new byte[1 + 3 * raster.width()];
            for (int y = 0; y < raster.height(); y++) {
                row[0] = 0; // filter: none
                for (int x = 0; x < raster.width(); x++) {
                    int c = px[y * raster.width() + x];
                    row[1 + 3 * x] = (byte) (c >> 16);
                    row[2 + 3 * x] = (byte) (c >> 8);
                    row[3 + 3 * x] = (byte) c;
                }
                z.write(row);
            }
        }
        chunk(out, "IDAT", image.toByteArray());
        chunk(out, "IEND", new byte[0]);
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, ".plot-", ".png.tmp");
        Files.write(temp, out.toByteArray());
        Files.move(temp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data)
            throws IOException {
        DataOutputStream d = new DataOutputStream(out);
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        d.writeInt(data.length);
        d.write(name);
        d.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        d.writeInt((int) crc.getValue());
    }
}
