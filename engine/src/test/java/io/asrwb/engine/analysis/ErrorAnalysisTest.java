package io.asrwb.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ErrorAnalysisTest {

    private final List<ScoredUtterance> utterances =
            List.of(
                    ScoredUtterance.of("u1", "anna", 0.8, "anna", "go back", "go black", 0.1),
                    ScoredUtterance.of("u2", "anna", 3.5, "anna", "go back two", "go back two", 0),
                    ScoredUtterance.of("u3", "ben", 1.5, "ben", "turn back", "turn black", 0.1),
                    ScoredUtterance.of("u4", "ben", 40, "", "stop", "", 1));

    @Test
    void countsSubstitutionsWordAccuracyAndWerByGroup() {
        ErrorReport report = ErrorAnalysis.of(utterances);

        assertThat(report.referenceWords()).isEqualTo(8);
        assertThat(report.wordErrors()).isEqualTo(3);
        assertThat(report.substitutions())
                .containsExactly(new ErrorReport.Substitution("back", "black", 2));
        assertThat(report.words())
                .startsWith(new ErrorReport.WordAccuracy("stop", 1, 0))
                .contains(
                        new ErrorReport.WordAccuracy("back", 3, 1),
                        new ErrorReport.WordAccuracy("go", 2, 2));
        assertThat(report.groups().get("speaker"))
                .containsExactly(
                        new ErrorReport.GroupWer("anna", 2, 5, 1),
                        new ErrorReport.GroupWer("ben", 2, 3, 2));
        assertThat(report.groups().get("duration"))
                .extracting(ErrorReport.GroupWer::key)
                .containsExactly("00-01 s", "01-02 s", "02-04 s", "32+ s");
        assertThat(report.groups().get("folder"))
                .extracting(ErrorReport.GroupWer::key)
                .containsExactly("", "anna", "ben");
    }

    @Test
    void tablesForPeopleShowEachTable() {
        String tables = ErrorTables.of(ErrorAnalysis.of(utterances), 10);

        assertThat(tables)
                .startsWith("4 utterances, 8 reference words, 3 word errors: WER 37.50 %")
                .contains("       2  back -> black")
                .contains(
                        "WER by speaker (utterances, words, errors)\n"
                                + "   20.00 %       2      5      1  anna")
                .contains("(none)");
    }
}
