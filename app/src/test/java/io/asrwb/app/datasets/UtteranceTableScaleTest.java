package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * 100k synthetic rows: filtering and sorting complete and are right. Times are logged for the
 * performance notes, never asserted.
 */
class UtteranceTableScaleTest {

  private static final Logger LOG = LoggerFactory.getLogger(UtteranceTableScaleTest.class);
  private static final int ROWS = 100_000;
  private static final String[] WORDS = {"turn", "left", "right", "seven", "start", "stop", "one", "hundred"};

  private static List<UtteranceRow> synthetic() {
    Random rnd = new Random(7);
    List<UtteranceRow> rows = new ArrayList<>(ROWS);
    for (int i = 0; i < ROWS; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = 0, n = 2 + rnd.nextInt(8); w < n; w++) {
        text.append(w == 0 ? "" : " ").append(WORDS[rnd.nextInt(WORDS.length)]);
      }
      double duration = 0.5 + rnd.nextDouble() * 15;
      double cer = i % 4 == 0 ? Double.NaN : rnd.nextDouble();
      rows.add(new UtteranceRow(String.format(Locale.ROOT, "utt-%06d", i), "a/" + i + ".wav", duration,
          text.length() / duration, "spk" + (i % 250), "train", text.toString(), text.toString(), false,
          i % 97 == 0, i % 101 == 0, "", i % 50 == 0 ? "same text ×2" : "", cer));
    }
    return rows;
  }

  /** Runs an idempotent step five times and logs the first, the median and the best time. */
  private static void timed(String what, Runnable r) {
    long[] ms = new long[5];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      r.run();
      ms[i] = (System.nanoTime() - t0) / 1_000_000;
    }
    long first = ms[0];
    java.util.Arrays.sort(ms);
    LOG.info("100k rows: {} took {} ms first, {} ms median, {} ms best", what, first, ms[2], ms[0]);
  }

  @Test
  void filtersAndSortsAHundredThousandRows() {
    UtteranceTable table = new UtteranceTable();
    List<UtteranceRow> rows = synthetic();
    timed("load", () -> table.load(rows));
    assertThat(table.visible()).hasSize(ROWS);

    timed("text filter 'seven stop'", () -> table.setFilter(new UtteranceFilter("seven stop", false, false, false)));
    long expected = rows.stream().filter(r -> r.transcript().contains("seven stop")).count();
    assertThat(table.visible()).hasSize((int) expected).allMatch(r -> r.transcript().contains("seven stop"));

    timed("flagged-only toggle", () -> table.setFilter(new UtteranceFilter("", true, false, false)));
    assertThat(table.visible()).hasSize((int) rows.stream().filter(UtteranceRow::flagged).count());
    timed("has-check-flags toggle", () -> table.setFilter(new UtteranceFilter("", false, false, true)));
    assertThat(table.visible()).hasSize(ROWS / 50);
    timed("clear filter", () -> table.setFilter(UtteranceFilter.ALL));

    timed("sort by last CER worst first", () -> table.setSort(UtteranceSort.LAST_CER, false));
    List<UtteranceRow> v = table.visible();
    int evaluated = ROWS - ROWS / 4;
    for (int i = 1; i < evaluated; i++) {
      assertThat(v.get(i - 1).lastCer()).isGreaterThanOrEqualTo(v.get(i).lastCer());
    }
    assertThat(v.subList(evaluated, ROWS)).allMatch(r -> Double.isNaN(r.lastCer()));

    timed("sort by last CER best first", () -> table.setSort(UtteranceSort.LAST_CER, true));
    assertThat(table.visible().get(0).lastCer()).isLessThan(0.01);
    assertThat(Double.isNaN(table.visible().get(ROWS - 1).lastCer())).isTrue();
    timed("sort by transcript", () -> table.setSort(UtteranceSort.TRANSCRIPT, true));
    for (int i = 1; i < ROWS; i += 997) {
      assertThat(table.visible().get(i - 1).transcript()).isLessThanOrEqualTo(table.visible().get(i).transcript());
    }
    timed("sort by transcript, other direction", () -> table.setSort(UtteranceSort.TRANSCRIPT, false));
    assertThat(table.visible().get(0).transcript()).isGreaterThanOrEqualTo(table.visible().get(ROWS - 1).transcript());
    timed("sort by duration", () -> table.setSort(UtteranceSort.DURATION, false));
    timed("text filter on a sorted table", () -> table.setFilter(new UtteranceFilter("spk42", false, false, false)));
    assertThat(table.visible()).hasSize(ROWS / 250).allMatch(r -> r.speaker().equals("spk42"));

    table.setFilter(UtteranceFilter.ALL);
    List<UtteranceRow> flaggedNow = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      UtteranceRow r = table.visible().get(i * 20);
      flaggedNow.add(new UtteranceRow(r.id(), r.audio(), r.durationSeconds(), r.charsPerSecond(), r.speaker(),
          r.split(), r.transcript(), r.importedTranscript(), false, true, r.excluded(), r.note(), r.flags(),
          r.lastCer()));
    }
    long t0 = System.nanoTime();
    table.replace(flaggedNow);
    LOG.info("100k rows: bulk flag of 5000 rows took {} ms", (System.nanoTime() - t0) / 1_000_000);
    assertThat(table.visible().get(20).flagged()).isTrue();
  }

  @Test
  void textSortSeesEditsAndKeepsEqualTextsInSourceOrder() {
    UtteranceTable table = new UtteranceTable();
    List<UtteranceRow> rows = synthetic().subList(0, 50);
    table.load(rows);
    table.setSort(UtteranceSort.TRANSCRIPT, true);
    UtteranceRow first = table.visible().get(0);
    UtteranceRow renamed = new UtteranceRow(first.id(), first.audio(), first.durationSeconds(),
        first.charsPerSecond(), first.speaker(), first.split(), "zzz last", first.importedTranscript(), true,
        first.flagged(), first.excluded(), first.note(), first.flags(), first.lastCer());
    table.replace(List.of(renamed));
    table.setSort(UtteranceSort.TRANSCRIPT, true);
    assertThat(table.visible().get(49).id()).isEqualTo(first.id());

    table.setSort(UtteranceSort.SPEAKER, false); // 50 rows, speakers spk0 … spk49, all different
    assertThat(table.visible().get(0).speaker()).isEqualTo("spk9");
    table.setSort(UtteranceSort.SPLIT, false); // all "train": source order, in both directions
    assertThat(table.visible()).extracting(UtteranceRow::id).isEqualTo(rows.stream().map(UtteranceRow::id).toList());
  }
}
