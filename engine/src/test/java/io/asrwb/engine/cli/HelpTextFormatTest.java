package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * picocli formats every help line with {@link String#format}; a bare {@code %} ("95 % confidence")
 * makes it print a WARN and the raw text, so every line is checked the same way here.
 */
class HelpTextFormatTest {

    @Test
    void everyHelpLineOfEveryCommandFormats() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        List<String> broken = new ArrayList<>();
        List<CommandLine> all = new ArrayList<>();
        collect(Main.commandLine(sink, sink), all);
        for (CommandLine cl : all) {
            CommandSpec spec = cl.getCommandSpec();
            Stream.concat(
                            Stream.of(
                                            spec.usageMessage().description(),
                                            spec.usageMessage().header(),
                                            spec.usageMessage().footer())
                                    .flatMap(Stream::of),
                            spec.args().stream().map(ArgSpec::description).flatMap(Stream::of))
                    .forEach(
                            line -> {
                                try {
                                    assertThat(String.format(Locale.ROOT, line)).isNotNull();
                                } catch (java.util.IllegalFormatException e) {
                                    broken.add(spec.qualifiedName() + ": " + line);
                                }
                            });
        }
        assertThat(all).hasSizeGreaterThan(20);
        assertThat(broken).isEmpty();
    }

    private static void collect(CommandLine cl, List<CommandLine> into) {
        into.add(cl);
        cl.getSubcommands().values().forEach(sub -> collect(sub, into));
    }
}
