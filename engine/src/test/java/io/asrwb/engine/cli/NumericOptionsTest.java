package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every numeric option of the engine's CLI is range-checked at parse time ({@link Bounded}). */
class NumericOptionsTest {

    @Test
    void everyNumericOptionHasARange() {
        CommandLine cli =
                Main.commandLine(
                        new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(Bounded.unchecked(cli)).isEmpty();
    }

    @Test
    void anOptionWithoutARangeIsFound() {
        @CommandLine.Command(name = "x")
        @SuppressWarnings("UnusedVariable") // picocli reads the options' fields reflectively
        class Loose {
            @CommandLine.Option(names = "--n")
            int n;

            @CommandLine.Option(names = "--m", converter = Bounded.PositiveInt.class)
            int m;
        }
        assertThat(Bounded.unchecked(new CommandLine(new Loose())))
                .singleElement()
                .asString()
                .contains("--n");
    }

    @Test
    void theRangesSayWhatIsAllowed() {
        assertThat(new Bounded.Port().convert("22")).isEqualTo(22);
        assertThatThrownBy(() -> new Bounded.Port().convert("70000"))
                .hasMessage("must be a whole number from 1 to 65535, got 70000");
        assertThatThrownBy(() -> new Bounded.PositiveDouble().convert("NaN"))
                .hasMessageContaining("> 0");
        assertThat(new Bounded.NonNegativeLong().convert("0")).isZero();
        assertThatThrownBy(() -> new Bounded.PositiveDouble().convert("-1"))
                .hasMessage("must be a number > 0, got -1");
        assertThat(new Bounded.FiniteDouble().convert("-0.5")).isEqualTo(-0.5);
        assertThatThrownBy(() -> new Bounded.FiniteDouble().convert("Infinity"))
                .hasMessage("must be a finite number, got Infinity");
        assertThatThrownBy(() -> new Bounded.FiniteDouble().convert("x"))
                .hasMessage("expected a number, got 'x'");
    }
}
