package io.asrwb.engine.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Finding a window's words further on in the text, and not finding what is not there. */
class ResyncTest {

    private static final List<String> TEXT =
            List.of(
                    ("please turn left one two three move back five meters wait ten seconds dial"
                                    + " four four nine seven turn around stop")
                            .split(" "));

    @Test
    void theModelsWordsAreFoundWhereTheTextSaysThem() {
        // heard roughly: "dial four for nine seven turn around stop"
        List<String> heard =
                List.of("dial", "four", "for", "nine", "seven", "turn", "aroun", "stop");
        assertThat(Resync.find(heard, TEXT, 0)).isEqualTo(TEXT.indexOf("dial"));
    }

    @Test
    void wordsTheTextDoesNotHoldAreNotFound() {
        List<String> heard =
                List.of("zebra", "quantum", "jukebox", "xylophone", "walrus", "kiwi", "ox", "elk");
        assertThat(Resync.find(heard, TEXT, 0)).isEqualTo(-1);
    }

    @Test
    void tooFewHeardWordsSayNothing() {
        // eight heard words at least: fewer match some stretch of a repetitive text by chance
        assertThat(Resync.find(List.of("dial", "four", "four", "nine"), TEXT, 0)).isEqualTo(-1);
    }
}
