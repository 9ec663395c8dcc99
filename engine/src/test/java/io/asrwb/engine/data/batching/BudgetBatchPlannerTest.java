package io.asrwb.engine.data.batching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.data.random.StableRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Batches cut by a budget of padded audio seconds ({@code data.max_batch_seconds}). */
class BudgetBatchPlannerTest {

    /** 1000 utterances of 1–16 s, durations spread unevenly like a real corpus. */
    private static List<PlanEntry> corpus() {
        StableRandom r = StableRandom.of(42);
        List<PlanEntry> out = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            double d = 1 + 15 * Math.pow(r.nextDouble(), 2);
            out.add(new PlanEntry(String.format("utt-%04d", i), Math.round(d * 100) / 100.0));
        }
        return out;
    }

    private static Map<String, Double> durations(List<PlanEntry> entries) {
        return entries.stream()
                .collect(Collectors.toMap(PlanEntry::id, PlanEntry::durationSeconds));
    }

    private static double padded(List<String> batch, Function<String, Double> duration) {
        return batch.size() * batch.stream().mapToDouble(duration::apply).max().orElse(0);
    }

    @Test
    void everyBatchFitsTheBudgetAndEveryUtteranceComesOnce() {
        List<PlanEntry> entries = corpus();
        Map<String, Double> duration = durations(entries);
        BatchPlanner planner = new BatchPlanner(4096, 10, true, 64);
        for (int epoch = 0; epoch < 3; epoch++) {
            BatchPlan plan = planner.plan(entries, 7, epoch);
            assertThat(plan.batches().stream().flatMap(List::stream).toList())
                    .hasSize(1000)
                    .doesNotHaveDuplicates();
            for (List<String> batch : plan.batches()) {
                assertThat(padded(batch, duration::get)).isLessThanOrEqualTo(64.0);
            }
        }
    }

    @Test
    void shortUtterancesShareABatchLongOnesGetFewCompanions() {
        List<PlanEntry> entries = corpus();
        Map<String, Double> duration = durations(entries);
        BatchPlan plan = new BatchPlanner(4096, 10, true, 64).plan(entries, 7, 0);
        List<String> first = plan.batch(0); // SortaGrad: epoch 0 is shortest first
        List<String> last = plan.batch(plan.size() - 1);
        assertThat(first.size()).isGreaterThan(40); // ~1 s utterances: 64 / 1.0
        assertThat(last.size()).isLessThanOrEqualTo(4); // ~16 s utterances: 64 / 16
        assertThat(duration.get(last.get(0))).isGreaterThan(14.0);
    }

    @Test
    void paddedSecondsStayFlatAcrossTheEpochWhileFixedCountBatchesVaryFourfold() {
        List<PlanEntry> entries = corpus();
        Map<String, Double> duration = durations(entries);
        BatchPlan budget = new BatchPlanner(4096, 10, false, 64).plan(entries, 3, 1);
        BatchPlan fixed = new BatchPlanner(16, 10, false).plan(entries, 3, 1);
        double[] budgetRange = range(budget, duration, true);
        double[] fixedRange = range(fixed, duration, true);
        // Full batches of a budget fill it to within one utterance; fixed counts follow duration.
        assertThat(budgetRange[1] / budgetRange[0]).isLessThan(1.35);
        assertThat(fixedRange[1] / fixedRange[0]).isGreaterThan(4.0);
    }

    /** Smallest and largest padded seconds over all batches but the epoch's partial ones. */
    private static double[] range(
            BatchPlan plan, Map<String, Double> duration, boolean skipPartial) {
        double min = Double.MAX_VALUE;
        double max = 0;
        List<Double> all = new ArrayList<>();
        for (List<String> batch : plan.batches()) {
            all.add(padded(batch, duration::get));
        }
        List<Double> sorted = all.stream().sorted().toList();
        // The cut of each bucket's end leaves a few short batches: ignore the smallest 5 %.
        int skip = skipPartial ? sorted.size() / 20 : 0;
        for (double p : sorted.subList(skip, sorted.size())) {
            min = Math.min(min, p);
            max = Math.max(max, p);
        }
        return new double[] {min, max};
    }

    @Test
    void batchSizeStillCapsTheCount() {
        BatchPlan plan = new BatchPlanner(8, 10, true, 64).plan(corpus(), 7, 0);
        assertThat(plan.batches()).allSatisfy(b -> assertThat(b.size()).isLessThanOrEqualTo(8));
    }

    @Test
    void anUtteranceLongerThanTheBudgetIsBatchedAlone() {
        List<PlanEntry> entries =
                List.of(new PlanEntry("a", 1), new PlanEntry("b", 30), new PlanEntry("c", 2));
        BatchPlan plan = new BatchPlanner(16, 1, true, 10).plan(entries, 1, 0);
        assertThat(plan.batches()).containsExactly(List.of("a", "c"), List.of("b"));
    }

    @Test
    void theSamePlanForTheSameSeedAndEpochSoResumeFindsItsPlace() {
        BatchPlanner planner = new BatchPlanner(4096, 10, true, 64);
        assertThat(planner.plan(corpus(), 5, 2)).isEqualTo(planner.plan(corpus(), 5, 2));
    }

    @Test
    void aNegativeBudgetIsRefused() {
        assertThatThrownBy(() -> new BatchPlanner(16, 1, true, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("batch budget must be ≥ 0 seconds");
    }
}
