package io.asrwb.remote.ssh;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Builds a POSIX shell command line from an argument list, so that every argument reaches the
 * remote program literally, whatever it holds ({@code ;}, {@code $(…)}, backticks, quotes,
 * spaces, newlines).
 *
 * <p>SSH sends one string that the remote login shell parses; there is no argv on the wire.
 * Single quotes are the only POSIX quoting with no special characters inside, so each argument
 * is wrapped in {@code '…'} and each {@code '} becomes {@code '\''}. Plain words stay bare so
 * logged commands stay readable. This assumes a POSIX login shell (sh, bash, dash, zsh, ksh);
 * csh and fish are not supported as the remote login shell.
 */
public final class ShellQuote {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellQuote() {}

    /** One argument, quoted if it needs it. */
    public static String quote(String argument) {
        if (argument.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(
                    "a shell argument cannot hold a NUL character: " + argument.replace('\0', '?'));
        }
        if (SAFE.matcher(argument).matches()) {
            return argument;
        }
        return "'" + argument.replace("'", "'\\''") + "'";
    }

    /** The whole command line: each argument quoted, joined by single spaces. */
    public static String command(List<String> argv) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a remote command needs at least the program name");
        }
        StringBuilder line = new StringBuilder();
        for (String argument : argv) {
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(quote(argument));
        }
        return line.toString();
    }
}
