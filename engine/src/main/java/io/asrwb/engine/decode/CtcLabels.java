package io.asrwb.engine.decode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The model's output labels as the decoders see them: index 0 is the CTC blank, exactly one label
 * is the space that separates words, every other label is one character.
 */
public final class CtcLabels {

    /** Index of the CTC blank in every model of this project. */
    public static final int BLANK = 0;

    private final List<Character> labels;
    private final int space;

    /** {@code labels.get(0)} is the blank's placeholder character (conventionally '_'). */
    public CtcLabels(List<Character> labels) {
        this.labels = List.copyOf(labels);
        if (this.labels.size() < 2) {
            throw new IllegalArgumentException(
                    "a CTC label set needs the blank and at least one"
                            + " character, got "
                            + this.labels);
        }
        Set<Character> seen = new HashSet<>();
        for (Character c : this.labels) {
            if (!seen.add(c)) {
                throw new IllegalArgumentException(
                        "label '"
                                + c
                                + "' appears twice in "
                                + this.labels
                                + "; every output index must map to a distinct character");
            }
        }
        int spaceIndex = this.labels.indexOf(' ');
        if (spaceIndex <= BLANK) {
            throw new IllegalArgumentException(
                    "the label set "
                            + this.labels
                            + " needs a space ' '"
                            + " (after the blank at index 0) so decoders can tell where words end");
        }
        this.space = spaceIndex;
    }

    public static CtcLabels of(char[] labels) {
        List<Character> list = new ArrayList<>(labels.length);
        for (char c : labels) {
            list.add(c);
        }
        return new CtcLabels(list);
    }

    /** E.g. {@code "_ abcdefghijklmnopqrstuvwxyz'"}: blank placeholder first, then the labels. */
    public static CtcLabels of(String labels) {
        return of(labels.toCharArray());
    }

    public List<Character> labels() {
        return labels;
    }

    public int size() {
        return labels.size();
    }

    public char character(int index) {
        return labels.get(index);
    }

    public int spaceIndex() {
        return space;
    }

    @Override
    public String toString() {
        return "CtcLabels" + labels;
    }
}
