package io.asrwb.engine.decode.lm.build;

import io.asrwb.engine.files.AtomicWrite;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an {@link NgramModel} as a standard ARPA file: {@code \data\} with one {@code ngram N=count}
 * line per order, one {@code \N-grams:} section per order ({@code log10prob<TAB>w1 w2 …[<TAB>log10backoff]}),
 * {@code \end\}; gzip-compressed when the name ends in {@code .gz} (as {@code ArpaReader} reads it).
 * Written to a temporary name beside the target and moved into place, so a reader never sees half
 * a file.
 */
public final class ArpaWriter {

    private ArpaWriter() {}

    public static void write(NgramModel model, Path file) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path dir = absolute.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        boolean gzip = absolute.getFileName().toString().endsWith(".gz");
        AtomicWrite.replaceOwnerOnly(
                absolute,
                tmp -> {
                    try (OutputStream raw = Files.newOutputStream(tmp);
                            OutputStream body = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw;
                            Writer out =
                                    new BufferedWriter(
                                            new OutputStreamWriter(body, StandardCharsets.UTF_8),
                                            1 << 16)) {
                        write(model, out);
                    }
                });
    }

    public static void write(NgramModel model, Writer out) throws IOException {
        out.write("\\data\\\n");
        for (int n = 1; n <= model.order(); n++) {
            out.write("ngram " + n + "=" + model.count(n) + "\n");
        }
        for (int n = 1; n <= model.order(); n++) {
            out.write("\n\\" + n + "-grams:\n");
            for (Map.Entry<String, NgramModel.Entry> e : model.byOrder().get(n - 1).entrySet()) {
                NgramModel.Entry entry = e.getValue();
                out.write(number(entry.log10Probability()));
                out.write('\t');
                out.write(e.getKey());
                if (n < model.order() && entry.hasBackoff()) {
                    out.write('\t');
                    out.write(number(entry.log10Backoff()));
                }
                out.write('\n');
            }
        }
        out.write("\n\\end\\\n");
    }

    /** Seven significant digits, as SRILM and KenLM write; 0 rather than -0. */
    private static String number(double log10) {
        if (log10 == Double.NEGATIVE_INFINITY) {
            return "-inf";
        }
        String s = String.format(Locale.ROOT, "%.7g", log10);
        if (s.contains(".") && !s.contains("e")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s.equals("-0") ? "0" : s;
    }
}
