package io.asrwb.app.datasets;

import io.asrwb.app.FxCalls;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

/**
 * Filter and sort of 100k utterance rows as the curator meets them: each step changes the
 * table's model on the FX thread, as when a key is typed or a header clicked, and is timed until
 * the frame showing it has been drawn (the start of the second pulse after it: JavaFX starts a
 * pulse only when the frame before is rendered, so this is an upper bound by up to a frame). The
 * steps run in a cycle, so each starts from the state the one before left; the first cycle warms
 * up and is not counted. Prints per step the median and the worst of the model change alone and
 * of the change until drawn.
 *
 * <p>Usage: {@code UtteranceTableBench [ROWS] [CYCLES]}; run by {@code bench/table-100k.sh}.
 */
public final class UtteranceTableBench {

    private UtteranceTableBench() {}

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int cycles = args.length > 1 ? Integer.parseInt(args[1]) : 11;
        UtteranceTable table = new UtteranceTable();
        table.load(SyntheticRows.of(rows));

        Map<String, Runnable> steps = new LinkedHashMap<>();
        steps.put(
                "type a filter 'seven stop'",
                () -> table.setFilter(new UtteranceFilter("seven stop", false, false, false)));
        steps.put("clear the filter", () -> table.setFilter(UtteranceFilter.ALL));
        steps.put(
                "sort by last CER, worst first",
                () -> table.setSort(UtteranceSort.LAST_CER, false));
        steps.put(
                "flagged only", () -> table.setFilter(new UtteranceFilter("", true, false, false)));
        steps.put("clear the filter, sorted", () -> table.setFilter(UtteranceFilter.ALL));
        steps.put("sort by duration", () -> table.setSort(UtteranceSort.DURATION, true));
        steps.put("sort by transcript", () -> table.setSort(UtteranceSort.TRANSCRIPT, true));
        steps.put(
                "filter a speaker 'spk42'",
                () -> table.setFilter(new UtteranceFilter("spk42", false, false, false)));
        steps.put(
                "clear, back to source order",
                () -> {
                    table.setFilter(UtteranceFilter.ALL);
                    table.setSort(UtteranceSort.SOURCE_ORDER, true);
                });

        Platform.startup(() -> {});
        Map<String, long[][]> times = new LinkedHashMap<>();
        steps.keySet().forEach(k -> times.put(k, new long[2][cycles - 1]));
        FxCalls.call(() -> show(table));
        for (int c = 0; c < cycles; c++) {
            for (Map.Entry<String, Runnable> step : steps.entrySet()) {
                Thread.sleep(100); // the frame before is long done
                CompletableFuture<long[]> shown = new CompletableFuture<>();
                FxCalls.call(
                        () -> {
                            long t0 = System.nanoTime();
                            step.getValue().run();
                            long model = System.nanoTime() - t0;
                            new AnimationTimer() {
                                private int pulses;

                                @Override
                                public void handle(long now) {
                                    // pulse 1 lays out and renders the change; pulse 2 starts once
                                    // that frame is drawn
                                    if (++pulses == 2) {
                                        stop();
                                        shown.complete(new long[] {model, System.nanoTime() - t0});
                                    }
                                }
                            }.start();
                            return null;
                        });
                long[] t = shown.get(1, TimeUnit.MINUTES);
                if (c > 0) {
                    times.get(step.getKey())[0][c - 1] = t[0];
                    times.get(step.getKey())[1][c - 1] = t[1];
                }
            }
        }
        System.out.printf(
                Locale.ROOT,
                "%d rows, %d counted cycles; milliseconds, median / worst (a frame is 16.7 ms)%n",
                rows,
                cycles - 1);
        System.out.printf(Locale.ROOT, "  %-32s %16s %22s%n", "step", "model", "until drawn");
        for (Map.Entry<String, long[][]> e : times.entrySet()) {
            System.out.printf(
                    Locale.ROOT,
                    "  %-32s %16s %22s%n",
                    e.getKey(),
                    stats(e.getValue()[0]),
                    stats(e.getValue()[1]));
        }
        Platform.exit();
    }

    private static TableView<UtteranceRow> show(UtteranceTable table) {
        TableView<UtteranceRow> view = new TableView<>(table.visible());
        view.getColumns()
                .addAll(
                        List.of(
                                column("Id", UtteranceRow::id),
                                        column("Duration", UtteranceRow::durationSeconds),
                                column("Last CER", UtteranceRow::lastCer),
                                        column("Speaker", UtteranceRow::speaker),
                                column("Transcript", UtteranceRow::transcript),
                                        column("Checks", UtteranceRow::flags)));
        Stage stage = new Stage();
        stage.setScene(new Scene(view, 1200, 500));
        stage.show();
        return view;
    }

    private static <T> TableColumn<UtteranceRow, T> column(
            String title, java.util.function.Function<UtteranceRow, T> f) {
        TableColumn<UtteranceRow, T> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(f.apply(d.getValue())));
        return c;
    }

    private static String stats(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return String.format(
                Locale.ROOT, "%.1f / %.1f", s[s.length / 2] / 1e6, s[s.length - 1] / 1e6);
    }
}
