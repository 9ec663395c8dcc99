package io.asrwb.engine.align;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Praat's TextGrid in its long text form: interval tiers that cover the clip end to end, words as
 * labelled intervals and the gaps between them as empty ones (Praat requires the cover).
 */
final class TextGrid {

    /** A named tier of word spans in time order. */
    record Tier(String name, List<AlignedWord> words) {}

    private TextGrid() {}

    static String of(double clipSeconds, List<Tier> tiers) {
        double end = clipSeconds;
        for (Tier t : tiers) {
            for (AlignedWord w : t.words()) {
                end = Math.max(end, w.endSec());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append("File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\n");
        out.append("xmin = 0\n").append("xmax = ").append(num(end)).append('\n');
        out.append("tiers? <exists>\nsize = ").append(tiers.size()).append("\nitem []:\n");
        for (int i = 0; i < tiers.size(); i++) {
            List<String[]> intervals = cover(tiers.get(i).words(), end);
            out.append("    item [").append(i + 1).append("]:\n");
            out.append("        class = \"IntervalTier\"\n");
            out.append("        name = ").append(quoted(tiers.get(i).name())).append('\n');
            out.append("        xmin = 0\n        xmax = ").append(num(end)).append('\n');
            out.append("        intervals: size = ").append(intervals.size()).append('\n');
            for (int k = 0; k < intervals.size(); k++) {
                String[] v = intervals.get(k);
                out.append("        intervals [").append(k + 1).append("]:\n");
                out.append("            xmin = ").append(v[0]).append('\n');
                out.append("            xmax = ").append(v[1]).append('\n');
                out.append("            text = ").append(quoted(v[2])).append('\n');
            }
        }
        return out.toString();
    }

    /** {xmin, xmax, text} from 0 to {@code end}, gaps as empty intervals. */
    private static List<String[]> cover(List<AlignedWord> words, double end) {
        List<String[]> out = new ArrayList<>();
        double at = 0;
        for (AlignedWord w : words) {
            double start = Math.max(at, w.startSec());
            if (start > at) {
                out.add(new String[] {num(at), num(start), ""});
            }
            out.add(new String[] {num(start), num(w.endSec()), w.word()});
            at = w.endSec();
        }
        if (end > at || out.isEmpty()) {
            out.add(new String[] {num(at), num(Math.max(end, at)), ""});
        }
        return out;
    }

    private static String num(double seconds) {
        return String.format(Locale.ROOT, "%.4f", seconds);
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
