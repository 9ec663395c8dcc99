package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.cli.ErrorHandler;
import io.asrwb.engine.cli.ExitCodes;
import io.asrwb.remote.ssh.SshException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Exceptions to exit codes and messages for {@code host} and {@code job}: one line each, as the
 * engine's {@link ErrorHandler} prints them (a stack trace only with {@code --debug}).
 */
final class RemoteErrorHandler implements IExecutionExceptionHandler {

    /** The host could not be reached, refused us, or its key is not trusted. */
    static final int SSH = 6;

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
        RemoteMain main =
                cl.getCommandSpec().root().userObject() instanceof RemoteMain m ? m : null;
        CliOutput output =
                main != null ? main.output() : new CliOutput(cl.getOut(), cl.getErr(), false);
        return ErrorHandler.report(e, output, exitCode(e), main != null && main.debug());
    }

    static int exitCode(Exception e) {
        if (e instanceof SshException) {
            return SSH;
        }
        if (e instanceof InterruptedException) {
            return ExitCodes.CANCELLED;
        }
        if (e instanceof IllegalArgumentException
                || e instanceof IllegalStateException
                || e instanceof CommandLine.ParameterException) {
            return ExitCodes.FAILED; // refusals with a message that says what to do
        }
        return ErrorHandler.exitCode(e);
    }
}
