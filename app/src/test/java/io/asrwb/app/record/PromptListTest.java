package io.asrwb.app.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Prompts files: one sentence a line; a bad file is one line saying what is wrong and what to do. */
class PromptListTest {

    @TempDir Path tmp;

    @Test
    void oneSentenceALineBlankLinesAndSpacesDropped() throws Exception {
        Path file = tmp.resolve("prompts.txt");
        Files.writeString(
                file, "  the cat sat\n\non the mat  \r\n   \nend\n", StandardCharsets.UTF_8);
        PromptList p = PromptList.read(file);
        assertThat(p.sentences()).containsExactly("the cat sat", "on the mat", "end");
        assertThat(p.source()).isEqualTo("prompts.txt");
    }

    @Test
    void anEmptyOrBlankFileSaysSo() throws Exception {
        Path empty = Files.writeString(tmp.resolve("empty.txt"), "");
        Path blank = Files.writeString(tmp.resolve("blank.txt"), "\n  \n\t\n");
        assertThatThrownBy(() -> PromptList.read(empty))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "prompts file "
                                + empty
                                + " has no sentences (0 lines, all blank); write one sentence per"
                                + " line");
        assertThatThrownBy(() -> PromptList.read(blank))
                .hasMessageContaining("(3 lines, all blank)");
    }

    @Test
    void aMissingUnreadableOrBinaryFileSaysSo() throws Exception {
        assertThatThrownBy(() -> PromptList.read(tmp.resolve("nope.txt")))
                .hasMessageContaining("nope.txt does not exist; choose a text file");
        // A folder cannot be read as text whoever runs the test (root reads any file).
        assertThatThrownBy(() -> PromptList.read(tmp))
                .hasMessageStartingWith("cannot read prompts file " + tmp)
                .hasMessageEndingWith("choose a readable text file with one sentence per line");
        Path latin1 = tmp.resolve("latin1.txt");
        Files.write(latin1, new byte[] {'c', 'a', 'f', (byte) 0xe9, '\n'});
        assertThatThrownBy(() -> PromptList.read(latin1))
                .hasMessageContaining("is not UTF-8 text; save it as UTF-8");
    }

    @Test
    void aDatasetsTranscriptsEachOnce() {
        PromptList p = PromptList.ofTranscripts("demo", List.of("a b", " a b ", "c", ""));
        assertThat(p.sentences()).containsExactly("a b", "c");
        assertThat(p.source()).isEqualTo("transcripts of demo");
        assertThatThrownBy(() -> PromptList.ofTranscripts("new", List.of()))
                .hasMessageContaining("dataset 'new' has no transcripts to read out");
    }
}
