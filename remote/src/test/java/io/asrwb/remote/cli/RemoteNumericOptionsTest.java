package io.asrwb.remote.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.cli.Bounded;
import io.asrwb.engine.cli.ExitCodes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Every numeric option of {@code host} and {@code job} is range-checked at parse time. */
class RemoteNumericOptionsTest {

    @TempDir Path dir;

    private final StringWriter err = new StringWriter();

    private CommandLine cli() {
        return RemoteMain.commandLine(
                new PrintWriter(new StringWriter()),
                new PrintWriter(err, true),
                Terminal.system(new PrintWriter(new StringWriter())));
    }

    @Test
    void everyNumericOptionHasARange() {
        assertThat(Bounded.unchecked(cli())).isEmpty();
    }

    @Test
    void aPortOutOfRangeIsOneUsageLine() {
        int exit =
                cli().execute(
                                "--db",
                                dir.resolve("catalog").toString(),
                                "host",
                                "add",
                                "box",
                                "--address",
                                "127.0.0.1",
                                "--user",
                                "me",
                                "--port",
                                "0");
        assertThat(exit).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString())
                .contains("--port")
                .contains("from 1 to 65535, got 0")
                .contains("see 'asrwb host add --help'");
        assertThat(err.toString().strip().lines()).hasSize(1);
    }
}
