package io.asrwb.engine.decode.lm;

import java.io.IOException;

/** An ARPA file that cannot be read: which file, which line, what is wrong there. */
public final class ArpaFormatException extends IOException {

    private final String source;
    private final int line;

    public ArpaFormatException(String source, int line, String problem) {
        super(
                source
                        + ":"
                        + line
                        + ": "
                        + problem
                        + " (an ARPA file is \\data\\ with 'ngram N=count' lines, then one"
                        + " \\N-grams: section per order with 'log10prob word... [log10backoff]'"
                        + " lines, then \\end\\; regenerate it with KenLM's lmplz or SRILM's"
                        + " ngram-count)");
        this.source = source;
        this.line = line;
    }

    /** The file (or other source) being read. */
    public String source() {
        return source;
    }

    /** 1-based line number of the problem. */
    public int line() {
        return line;
    }
}
