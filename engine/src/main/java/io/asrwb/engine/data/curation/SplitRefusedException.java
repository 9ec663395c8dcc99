package io.asrwb.engine.data.curation;

/**
 * Splits that cannot be dealt as asked (a split would be empty, a share out of range); nothing was
 * changed. The message says why and what to do in the CLI's words ({@code --by utterance}); {@link
 * #inTheApp} says the same in the words of the app's Split… dialog, which has no flags.
 */
public final class SplitRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String inTheApp;

    /**
     * @param reason  what is wrong, e.g. "2 speakers cannot fill train, val and test …"
     * @param cliHint what to do on the command line
     * @param appHint what to do in the app's dialog
     */
    public SplitRefusedException(String reason, String cliHint, String appHint) {
        super(reason + "; " + cliHint);
        this.inTheApp = reason + "; " + appHint;
    }

    /** Why, and what to do in the app. */
    public String inTheApp() {
        return inTheApp;
    }
}
