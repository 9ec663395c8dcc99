package io.asrwb.remote.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellQuoteTest {

    @Test
    void plainWordsStayBare() {
        assertThat(
                        ShellQuote.command(
                                List.of("ls", "-la", "runs/r-1/ckpt_0001.zip", "a=b:c,d@e%f+g")))
                .isEqualTo("ls -la runs/r-1/ckpt_0001.zip a=b:c,d@e%f+g");
    }

    @Test
    void everythingElseIsSingleQuotedWithQuotesEscaped() {
        assertThat(ShellQuote.quote("x; rm -rf ~")).isEqualTo("'x; rm -rf ~'");
        assertThat(ShellQuote.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(ShellQuote.quote("$(id) `id`")).isEqualTo("'$(id) `id`'");
        assertThat(ShellQuote.quote("a\nb")).isEqualTo("'a\nb'");
        assertThat(ShellQuote.quote("")).isEqualTo("''");
        assertThat(ShellQuote.quote("~")).isEqualTo("'~'");
    }

    @Test
    void refusesWhatNoShellArgumentCanHold() {
        assertThatThrownBy(() -> ShellQuote.quote("a\0b")).hasMessageContaining("NUL");
        assertThatThrownBy(() -> ShellQuote.command(List.of()))
                .hasMessageContaining("program name");
    }
}
