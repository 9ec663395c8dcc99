import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.imageio.ImageIO;

/**
 * Draws the ASR Workbench icon (a sound wave on a rounded tile) and writes it in the three forms
 * jpackage wants: {@code asrwb.png} (Linux), {@code asrwb.ico} (Windows) and {@code asrwb.icns}
 * (macOS). Drawn at build time, so no binary image is committed. Run with the JDK's source
 * launcher: {@code java assets/icon/MakeIcon.java OUT_DIR}.
 */
public final class MakeIcon {

  /** Bar heights of the wave, as fractions of the tile: a spoken syllable's envelope. */
  private static final double[] BARS = {0.18, 0.34, 0.56, 0.40, 0.72, 0.50, 0.28, 0.44, 0.20};

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java MakeIcon.java OUT_DIR");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    Files.createDirectories(out);
    byte[] png256 = png(draw(256));
    write(out.resolve("asrwb.png"), png256);
    write(out.resolve("asrwb.ico"), ico(png256, 256));
    write(out.resolve("asrwb.icns"), icns(png(draw(512))));
  }

  static BufferedImage draw(int size) {
    BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    double pad = size * 0.06;
    double tile = size - 2 * pad;
    g.setPaint(new GradientPaint(0, 0, new Color(0x2B5BD7), 0, size, new Color(0x14307A)));
    g.fill(new RoundRectangle2D.Double(pad, pad, tile, tile, tile * 0.22, tile * 0.22));
    g.setColor(Color.WHITE);
    float stroke = (float) (tile / (BARS.length * 2.2));
    g.setStroke(new BasicStroke(stroke, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    double step = tile * 0.8 / (BARS.length - 1);
    double mid = size / 2.0;
    for (int i = 0; i < BARS.length; i++) {
      double x = pad + tile * 0.1 + i * step;
      double half = BARS[i] * tile / 2;
      g.drawLine((int) Math.round(x), (int) Math.round(mid - half), (int) Math.round(x), (int) Math.round(mid + half));
    }
    g.dispose();
    return img;
  }

  static byte[] png(BufferedImage img) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ImageIO.write(img, "png", bytes);
    return bytes.toByteArray();
  }

  /** One PNG-compressed entry in an ICO container (Windows Vista and later read these). */
  static byte[] ico(byte[] png, int size) {
    ByteBuffer b = ByteBuffer.allocate(6 + 16 + png.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putShort((short) 0).putShort((short) 1).putShort((short) 1); // reserved, type icon, 1 image
    b.put((byte) (size >= 256 ? 0 : size)).put((byte) (size >= 256 ? 0 : size)); // 0 means 256
    b.put((byte) 0).put((byte) 0).putShort((short) 1).putShort((short) 32); // palette, planes, bpp
    b.putInt(png.length).putInt(6 + 16);
    b.put(png);
    return b.array();
  }

  /** An ICNS container with one 512x512 PNG entry (type 'ic09'), big-endian lengths. */
  static byte[] icns(byte[] png512) {
    ByteBuffer b = ByteBuffer.allocate(8 + 8 + png512.length).order(ByteOrder.BIG_ENDIAN);
    b.put("icns".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(8 + 8 + png512.length);
    b.put("ic09".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(8 + png512.length);
    b.put(png512);
    return b.array();
  }

  /** Atomic: a half-written icon never reaches the packager. */
  private static void write(Path target, byte[] data) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(tmp, data);
    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
