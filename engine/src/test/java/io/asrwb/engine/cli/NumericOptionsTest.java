package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import org.junit.jupiter.api.Test;

/** Every numeric option of the engine's CLI is range-checked at parse time ({@link Bounded}). */
class NumericOptionsTest {

  private static final Set<Class<?>> NUMBERS = Set.of(int.class, Integer.class, long.class, Long.class,
      double.class, Double.class, float.class, Float.class, short.class, Short.class);

  /** The numeric options and parameters of {@code root} and its subcommands that no Bounded converter checks. */
  public static List<String> unbounded(CommandLine root) {
    List<String> out = new ArrayList<>();
    collect(root, out);
    return out;
  }

  private static void collect(CommandLine cl, List<String> out) {
    List<ArgSpec> args = new ArrayList<>(cl.getCommandSpec().options());
    args.addAll(cl.getCommandSpec().positionalParameters());
    for (ArgSpec a : args) {
      if (NUMBERS.contains(a.type())) {
        CommandLine.ITypeConverter<?>[] converters = a.converters();
        boolean bounded = converters.length > 0
            && converters[0].getClass().getEnclosingClass() == Bounded.class;
        if (!bounded) {
          out.add(cl.getCommandSpec().qualifiedName() + " " + a.paramLabel() + " " + a);
        }
      }
    }
    cl.getSubcommands().values().forEach(sub -> collect(sub, out));
  }

  @Test
  void everyNumericOptionHasARange() {
    CommandLine cli = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    assertThat(unbounded(cli)).isEmpty();
  }

  @Test
  void theRangesSayWhatIsAllowed() {
    assertThat(new Bounded.Port().convert("22")).isEqualTo(22);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Bounded.Port().convert("70000"))
        .hasMessage("must be a whole number from 1 to 65535, got 70000");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Bounded.PositiveDouble().convert("NaN"))
        .hasMessageContaining("> 0");
    assertThat(new Bounded.NonNegativeLong().convert("0")).isZero();
  }
}
