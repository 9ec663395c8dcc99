package io.asrwb.engine.store;

/**
 * What a dataset may be called: it is printed in tables, typed on command lines and becomes part
 * of run folder names, so one line of letters, digits, spaces and a few marks, at most as long as
 * the catalog's column. Checked at import; names already in a catalog are left as they are.
 */
public final class DatasetNames {

    /** The size of {@code datasets.name} (V1__init.sql). */
    public static final int MAX_LENGTH = 200;

    /** The marks allowed besides letters, digits and spaces. */
    public static final String MARKS = "._-+()@#,";

    private DatasetNames() {}

    /**
     * Refuses a name that is blank, too long or has a character outside letters, digits, spaces and
     * {@link #MARKS}; the message names the offending character and its position.
     */
    public static void check(String name) {
        if (name == null || name.isBlank()) {
            throw new CatalogException.DatasetName("a dataset needs a name; pass --name NAME");
        }
        String allowed = "use letters, digits, spaces and " + String.join(" ", MARKS.split(""));
        int length = name.codePointCount(0, name.length());
        if (name.length() > MAX_LENGTH) {
            throw new CatalogException.DatasetName(
                    "the dataset name is "
                            + length
                            + " characters long;"
                            + " at most "
                            + MAX_LENGTH
                            + " are allowed: choose a shorter name");
        }
        int position = 0;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            position++;
            if (!Character.isLetterOrDigit(cp) && cp != ' ' && MARKS.indexOf(cp) < 0) {
                throw new CatalogException.DatasetName(
                        "the dataset name '"
                                + printable(name)
                                + "' has "
                                + describe(cp)
                                + " at character "
                                + position
                                + ": "
                                + allowed);
            }
            i += Character.charCount(cp);
        }
    }

    private static String describe(int cp) {
        if (cp == '\n' || cp == '\r') {
            return "a line break";
        }
        if (Character.isISOControl(cp)
                || Character.isWhitespace(cp)
                || Character.isSpaceChar(cp)
                || Character.getType(cp) == Character.FORMAT) {
            return String.format("the invisible character U+%04X", cp);
        }
        return "'" + new String(Character.toChars(cp)) + "'";
    }

    /** The name on one line: control characters as \n or U+XXXX. */
    private static String printable(String name) {
        StringBuilder b = new StringBuilder();
        name.codePoints()
                .forEach(
                        cp -> {
                            if (cp == '\n') {
                                b.append("\\n");
                            } else if (Character.isISOControl(cp)
                                    || Character.getType(cp) == Character.FORMAT
                                    || Character.getType(cp) == Character.LINE_SEPARATOR
                                    || Character.getType(cp) == Character.PARAGRAPH_SEPARATOR) {
                                b.append(String.format("U+%04X", cp));
                            } else {
                                b.appendCodePoint(cp);
                            }
                        });
        return b.toString();
    }
}
