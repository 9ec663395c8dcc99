package io.asrwb.engine.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The model's output labels, as data: index 0 is the CTC blank, every other label is one
 * character (Unicode code point).
 *
 * <p>File format (UTF-8, one label per line, in index order): the first line is {@value
 * #BLANK_TOKEN}; a line {@value #SPACE_TOKEN} stands for the space character (a line holding a
 * lone space is accepted too, but editors strip it, hence the token); every other line is exactly
 * one character. Trailing empty lines are ignored; an empty line in between is an error.
 *
 * <p>Labels are matched literally (no case folding): normalising text is the text normaliser's job.
 */
public final class Alphabet {

    public static final String BLANK_TOKEN = "<blank>";
    public static final String SPACE_TOKEN = "<space>";

    /** Classpath location of the default English alphabet (blank, space, apostrophe, a–z). */
    public static final String ENGLISH_RESOURCE = "/io/asrwb/engine/data/english-alphabet.txt";

    private static final Alphabet ENGLISH = loadEnglish();

    /** Code point of each label; index 0 (blank) holds -1. */
    private final int[] codePoints;

    /** Fast path for Latin-1, where nearly every transcript lives; -1 = not a label. */
    private final int[] latin1Index = new int[256];

    private final Map<Integer, Integer> otherIndex = new HashMap<>();

    private Alphabet(int[] codePoints) {
        this.codePoints = codePoints;
        java.util.Arrays.fill(latin1Index, -1);
        for (int i = 1; i < codePoints.length; i++) {
            int cp = codePoints[i];
            if (cp < 256) {
                latin1Index[cp] = i;
            } else {
                otherIndex.put(cp, i);
            }
        }
    }

    /** Blank, space, apostrophe, a–z: the default for English models. */
    public static Alphabet english() {
        return ENGLISH;
    }

    /** Builds an alphabet from the characters of {@code labels} (blank is added as index 0). */
    public static Alphabet of(String labels) {
        List<Integer> cps = new ArrayList<>();
        cps.add(-1);
        labels.codePoints().forEach(cps::add);
        return build(cps, "the label string");
    }

    /** Loads an alphabet file (format in the class comment). */
    public static Alphabet load(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(r, file.toString());
        }
    }

    /** Loads an alphabet from a stream (format in the class comment); {@code name} is used in errors. */
    public static Alphabet load(InputStream in, String name) throws IOException {
        return parse(new InputStreamReader(in, StandardCharsets.UTF_8), name);
    }

    private static Alphabet parse(Reader reader, String name) throws IOException {
        BufferedReader in = new BufferedReader(reader);
        List<String> lines = new ArrayList<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lines.add(line);
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        if (lines.isEmpty()) {
            throw new IOException(
                    name
                            + ": alphabet file is empty; write "
                            + BLANK_TOKEN
                            + " on the first line, then one label per line");
        }
        List<Integer> cps = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String label = lines.get(i);
            if (i == 0 && label.startsWith("\uFEFF")) {
                label = label.substring(1);
            }
            int lineNo = i + 1;
            if (i == 0) {
                if (!label.equals(BLANK_TOKEN)) {
                    throw new IOException(
                            name
                                    + ":1: the first label must be the blank, written "
                                    + BLANK_TOKEN
                                    + " (found '"
                                    + label
                                    + "'); add it as the first line");
                }
                cps.add(-1);
            } else if (label.equals(SPACE_TOKEN) || label.equals(" ")) {
                cps.add((int) ' ');
            } else if (label.codePointCount(0, label.length()) == 1) {
                cps.add(label.codePointAt(0));
            } else {
                throw new IOException(
                        name
                                + ":"
                                + lineNo
                                + ": a label must be exactly one character (found '"
                                + label
                                + "'); write "
                                + SPACE_TOKEN
                                + " for the space and one character per line otherwise");
            }
        }
        return build(cps, name);
    }

    private static Alphabet build(List<Integer> cps, String name) {
        int[] arr = cps.stream().mapToInt(Integer::intValue).toArray();
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int i = 1; i < arr.length; i++) {
            if (!seen.add(arr[i])) {
                throw new IllegalArgumentException(
                        name
                                + ": label '"
                                + new String(Character.toChars(arr[i]))
                                + "' appears twice (index "
                                + i
                                + "); each label must appear once");
            }
        }
        return new Alphabet(arr);
    }

    private static Alphabet loadEnglish() {
        try (InputStream in = Alphabet.class.getResourceAsStream(ENGLISH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "classpath resource "
                                + ENGLISH_RESOURCE
                                + " is missing from the engine jar");
            }
            return load(in, ENGLISH_RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Number of labels, blank included. */
    public int size() {
        return codePoints.length;
    }

    /** Index of {@code c}, or -1 when it is not a label. */
    public int indexOf(char c) {
        return indexOfCodePoint(c);
    }

    /** Index of the code point {@code cp}, or -1 when it is not a label. */
    public int indexOfCodePoint(int cp) {
        if (cp >= 0 && cp < 256) {
            return latin1Index[cp];
        }
        return otherIndex.getOrDefault(cp, -1);
    }

    /** The label at {@code index} as text: "" for the blank (index 0), the character otherwise. */
    public String labelAt(int index) {
        if (index < 0 || index >= codePoints.length) {
            throw new IndexOutOfBoundsException(
                    "label index " + index + " outside 0.." + (codePoints.length - 1));
        }
        return index == 0 ? "" : new String(Character.toChars(codePoints[index]));
    }

    public boolean contains(char c) {
        return indexOf(c) >= 0;
    }

    /** Label indices of every character of {@code text}; never contains the blank. */
    public int[] encode(String text) {
        int[] out = new int[text.codePointCount(0, text.length())];
        int n = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int idx = indexOfCodePoint(cp);
            if (idx < 0) {
                throw new IllegalArgumentException(
                        "text has characters outside the alphabet: "
                                + describe(charactersOutside(text))
                                + "; normalise the text or extend the alphabet");
            }
            out[n++] = idx;
            i += Character.charCount(cp);
        }
        return out;
    }

    /** The distinct characters of {@code text} that are not labels, sorted by code point. */
    public SortedSet<String> charactersOutside(String text) {
        return charactersOutside(text, cp -> indexOfCodePoint(cp) >= 0);
    }

    /**
     * Like {@link #charactersOutside(String)}, a letter counting as inside when its lower- or
     * upper-case form is a label: the run's normaliser folds case to the alphabet's before training,
     * so LibriSpeech's upper-case transcripts fit the lower-case English alphabet.
     */
    public SortedSet<String> charactersOutsideAnyCase(String text) {
        return charactersOutside(
                text,
                cp ->
                        indexOfCodePoint(cp) >= 0
                                || indexOfCodePoint(Character.toLowerCase(cp)) >= 0
                                || indexOfCodePoint(Character.toUpperCase(cp)) >= 0);
    }

    private static SortedSet<String> charactersOutside(
            String text, java.util.function.IntPredicate inside) {
        SortedSet<String> out = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (!inside.test(cp)) {
                if (out == null) {
                    out =
                            new TreeSet<>(
                                    java.util.Comparator.comparingInt(
                                            (String s) -> s.codePointAt(0)));
                }
                out.add(new String(Character.toChars(cp)));
            }
            i += Character.charCount(cp);
        }
        return out == null ? Collections.emptySortedSet() : Collections.unmodifiableSortedSet(out);
    }

    /** Quoted, readable list of characters, e.g. {@code 'É', '1', U+00A0}. */
    public static String describe(SortedSet<String> chars) {
        StringBuilder sb = new StringBuilder();
        for (String c : chars) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            int cp = c.codePointAt(0);
            if (Character.isWhitespace(cp)
                    || Character.isISOControl(cp)
                    || Character.isSpaceChar(cp)) {
                sb.append(String.format("U+%04X", cp));
            } else {
                sb.append('\'').append(c).append('\'');
            }
        }
        return sb.toString();
    }

    /** The file form of this alphabet (see the class comment); {@link #load} reads it back. */
    public String toFileText() {
        StringBuilder sb = new StringBuilder(BLANK_TOKEN).append('\n');
        for (int i = 1; i < codePoints.length; i++) {
            sb.append(
                            codePoints[i] == ' '
                                    ? SPACE_TOKEN
                                    : new String(Character.toChars(codePoints[i])))
                    .append('\n');
        }
        return sb.toString();
    }
}
