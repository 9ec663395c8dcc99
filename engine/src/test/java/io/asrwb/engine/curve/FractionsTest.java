package io.asrwb.engine.curve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class FractionsTest {

    @Test
    void parsesIncreasingSharesAndNamesTheFirstBadOne() {
        assertThat(Fractions.parse("0.1, 0.25,0.5,1")).containsExactly(0.1, 0.25, 0.5, 1.0);
        assertThatThrownBy(() -> Fractions.parse("0.5,1.5"))
                .isInstanceOf(CurveRefusedException.class)
                .hasMessageContaining("fraction 1.5 is outside (0, 1]");
        assertThatThrownBy(() -> Fractions.parse("0,0.5"))
                .hasMessageContaining("fraction 0 is outside (0, 1]");
        assertThatThrownBy(() -> Fractions.parse("0.5,0.25"))
                .hasMessageContaining("fractions must increase: 0.25 follows 0.5");
        assertThatThrownBy(() -> Fractions.parse("0.5,0.5"))
                .hasMessageContaining("fractions must increase");
        assertThatThrownBy(() -> Fractions.parse("0.5,half"))
                .hasMessageContaining("'half' is not a number");
        assertThatThrownBy(() -> Fractions.check(List.of()))
                .hasMessageContaining("at least one fraction");
        assertThat(Fractions.format(0.25)).isEqualTo("0.25");
        assertThat(Fractions.format(1.0)).isEqualTo("1");
    }
}
