package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * 100k synthetic rows: filtering and sorting complete and are right. How long they take is
 * {@code bench/table-100k.sh}'s business ({@link UtteranceTableBench}), never a test's.
 */
class UtteranceTableScaleTest {

    private static final int ROWS = 100_000;

    @Test
    void filtersAndSortsAHundredThousandRows() {
        UtteranceTable table = new UtteranceTable();
        List<UtteranceRow> rows = SyntheticRows.of(ROWS);
        table.load(rows);
        assertThat(table.visible()).hasSize(ROWS);

        table.setFilter(new UtteranceFilter("seven stop", false, false, false));
        long expected = rows.stream().filter(r -> r.transcript().contains("seven stop")).count();
        assertThat(table.visible())
                .hasSize((int) expected)
                .allMatch(r -> r.transcript().contains("seven stop"));

        table.setFilter(new UtteranceFilter("", true, false, false));
        assertThat(table.visible())
                .hasSize((int) rows.stream().filter(UtteranceRow::flagged).count());
        table.setFilter(new UtteranceFilter("", false, false, true));
        assertThat(table.visible()).hasSize(ROWS / 50);
        table.setFilter(UtteranceFilter.ALL);

        table.setSort(UtteranceSort.LAST_CER, false);
        List<UtteranceRow> v = table.visible();
        int evaluated = ROWS - ROWS / 4;
        for (int i = 1; i < evaluated; i++) {
            assertThat(v.get(i - 1).lastCer()).isGreaterThanOrEqualTo(v.get(i).lastCer());
        }
        assertThat(v.subList(evaluated, ROWS)).allMatch(r -> Double.isNaN(r.lastCer()));

        table.setSort(UtteranceSort.LAST_CER, true);
        assertThat(table.visible().get(0).lastCer()).isLessThan(0.01);
        assertThat(Double.isNaN(table.visible().get(ROWS - 1).lastCer())).isTrue();
        table.setSort(UtteranceSort.TRANSCRIPT, true);
        for (int i = 1; i < ROWS; i += 997) {
            assertThat(table.visible().get(i - 1).transcript())
                    .isLessThanOrEqualTo(table.visible().get(i).transcript());
        }
        table.setSort(UtteranceSort.TRANSCRIPT, false);
        assertThat(table.visible().get(0).transcript())
                .isGreaterThanOrEqualTo(table.visible().get(ROWS - 1).transcript());
        table.setSort(UtteranceSort.DURATION, false);
        table.setFilter(new UtteranceFilter("spk42", false, false, false));
        assertThat(table.visible()).hasSize(ROWS / 250).allMatch(r -> r.speaker().equals("spk42"));

        table.setFilter(UtteranceFilter.ALL);
        List<UtteranceRow> flaggedNow = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            UtteranceRow r = table.visible().get(i * 20);
            flaggedNow.add(
                    new UtteranceRow(
                            r.id(),
                            r.audio(),
                            r.durationSeconds(),
                            r.charsPerSecond(),
                            r.speaker(),
                            r.split(),
                            r.transcript(),
                            r.importedTranscript(),
                            false,
                            true,
                            r.excluded(),
                            r.note(),
                            r.flags(),
                            r.lastCer()));
        }
        table.replace(flaggedNow);
        assertThat(table.visible().get(20).flagged()).isTrue();
    }

    @Test
    void textSortSeesEditsAndKeepsEqualTextsInSourceOrder() {
        UtteranceTable table = new UtteranceTable();
        List<UtteranceRow> rows = SyntheticRows.of(50);
        table.load(rows);
        table.setSort(UtteranceSort.TRANSCRIPT, true);
        UtteranceRow first = table.visible().get(0);
        UtteranceRow renamed =
                new UtteranceRow(
                        first.id(),
                        first.audio(),
                        first.durationSeconds(),
                        first.charsPerSecond(),
                        first.speaker(),
                        first.split(),
                        "zzz last",
                        first.importedTranscript(),
                        true,
                        first.flagged(),
                        first.excluded(),
                        first.note(),
                        first.flags(),
                        first.lastCer());
        table.replace(List.of(renamed));
        table.setSort(UtteranceSort.TRANSCRIPT, true);
        assertThat(table.visible().get(49).id()).isEqualTo(first.id());

        table.setSort(
                UtteranceSort.SPEAKER, false); // 50 rows, speakers spk0 … spk49, all different
        assertThat(table.visible().get(0).speaker()).isEqualTo("spk9");
        table.setSort(UtteranceSort.SPLIT, false); // all "train": source order, in both directions
        assertThat(table.visible())
                .extracting(UtteranceRow::id)
                .isEqualTo(rows.stream().map(UtteranceRow::id).toList());
    }
}
