package io.asrwb.engine.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A bad command line as one line: what is wrong and where to read how it is right (picocli's
 * default prints the whole usage after the message, which buries it). Shared by the remote CLI.
 */
public final class UsageErrorHandler implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String message =
                e.getMessage() + "; see '" + cl.getCommandSpec().qualifiedName() + " --help'";
        err.println("asrwb: " + message);
        UnmatchedArgumentException.printSuggestions(e, err);
        err.flush();
        if (Arrays.asList(args).contains("--porcelain")) { // the parse failed: look for it by hand
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("message", message);
            f.put("exit", ExitCodes.USAGE);
            new CliOutput(cl.getOut(), err, true).record("error", f);
        }
        return ExitCodes.USAGE;
    }
}
