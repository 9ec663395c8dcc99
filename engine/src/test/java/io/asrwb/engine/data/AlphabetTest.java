package io.asrwb.engine.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlphabetTest {

    @TempDir Path dir;

    @Test
    void englishIsBlankSpaceApostropheAndLetters() {
        Alphabet a = Alphabet.english();
        assertThat(a.size()).isEqualTo(29);
        assertThat(a.labelAt(0)).isEmpty();
        assertThat(a.indexOf(' ')).isEqualTo(1);
        assertThat(a.indexOf('\'')).isEqualTo(2);
        assertThat(a.indexOf('a')).isEqualTo(3);
        assertThat(a.indexOf('z')).isEqualTo(28);
        assertThat(a.labelAt(28)).isEqualTo("z");
        assertThat(a.contains('A')).isFalse();
        assertThat(a.encode("it's a")).containsExactly(11, 22, 2, 21, 1, 3);
    }

    @Test
    void theAssetsFileIsTheBundledResource() throws IOException {
        Path asset = Path.of("..", "assets", "alphabet", "english.txt");
        assertThat(Alphabet.load(asset).toFileText()).isEqualTo(Alphabet.english().toFileText());
        assertThat(Files.readString(asset)).isEqualTo(Alphabet.english().toFileText());
    }

    @Test
    void encodeNamesTheOffendingCharacters() {
        assertThatThrownBy(() -> Alphabet.english().encode("Héllo 2\u00a0x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'H'")
                .hasMessageContaining("'é'")
                .hasMessageContaining("'2'")
                .hasMessageContaining("U+00A0");
        assertThat(Alphabet.english().charactersOutside("Zoë, zoe")).containsExactly(",", "Z", "ë");
        assertThat(Alphabet.english().charactersOutside("fine")).isEmpty();
    }

    @Test
    void loadsAFileWithSpaceTokenAndNonLatinLabelsAndWritesItBack() throws IOException {
        Path f = dir.resolve("ru.txt");
        Files.writeString(f, "<blank>\n<space>\nа\nб\n😀\n\n", StandardCharsets.UTF_8);
        Alphabet a = Alphabet.load(f);
        assertThat(a.size()).isEqualTo(5);
        assertThat(a.encode("а б😀")).containsExactly(2, 1, 3, 4);
        assertThat(a.labelAt(4)).isEqualTo("😀");
        Path again = dir.resolve("again.txt");
        Files.writeString(again, a.toFileText());
        assertThat(Alphabet.load(again).toFileText()).isEqualTo(a.toFileText());
    }

    @Test
    void badFilesSayWhichLineAndWhatToDo() throws IOException {
        Path noBlank = dir.resolve("a.txt");
        Files.writeString(noBlank, "a\nb\n");
        assertThatThrownBy(() -> Alphabet.load(noBlank))
                .hasMessageContaining("a.txt:1")
                .hasMessageContaining("<blank>");
        Path twoChars = dir.resolve("b.txt");
        Files.writeString(twoChars, "<blank>\nab\n");
        assertThatThrownBy(() -> Alphabet.load(twoChars))
                .hasMessageContaining("b.txt:2")
                .hasMessageContaining("exactly one character");
        Path dup = dir.resolve("c.txt");
        Files.writeString(dup, "<blank>\na\na\n");
        assertThatThrownBy(() -> Alphabet.load(dup)).hasMessageContaining("appears twice");
    }
}
