package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.analyse.RunComparison;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ./bench compare}'s table lays out what the comparison found: the method, one row per figure, the verdict. */
class CompareTableTest {

    @Test
    void everyFigureHasItsRowAndTheVerdictComesLast() {
        RunComparison.Row same = new RunComparison.Row("nginx", "throughput / direct (paired per round)",
                new double[] {0.9, 0.91, 0.89}, new double[] {0.9, 0.9, 0.91}, 0.09,
                new RunComparison.Test(0.0033, new double[] {-0.01, 0.017}, new double[] {-0.015, 0.02}, 0.7,
                        RunComparison.Verdict.EQUIVALENT,
                        new RunComparison.Design(3, 1e-4, 3, 1e-4, 0.09, 0, 2, 0.05)), 0.03);
        RunComparison.Row slower = new RunComparison.Row("nginx", "throughput req/s (closed load)", new double[] {12_100, 11_850, 12_200},
                new double[] {7_260, 7_110, 7_320}, 1205, new RunComparison.Test(-4820, new double[] {-5000, -4640},
                new double[] {-5050, -4590}, 0.0001, RunComparison.Verdict.DIFFERENT,
                new RunComparison.Design(3, 31_000, 3, 12_000, 1205, 0, 2, 0.05)), 400);
        RunComparison.Result result = new RunComparison.Result(1, "different: 1 of 2 figures differ (a difference established over "
                + "all the figures and an estimate beyond the margin: nginx throughput req/s (closed load))", List.of(same, slower), 0.05);
        String md = CompareTable.markdown("a", "b", result, RunComparison.MARGIN);
        assertTrue(md.startsWith("Comparing a (A) with b (B)."), md);
        assertTrue(md.contains("the 97.5% interval of B-A excludes 0 (95% over the 2 figures together, Bonferroni)"), md);
        assertTrue(md.contains("| nginx | throughput / direct (paired per round) | 0.900 (0.900, 0.910, 0.890) |"), md);
        assertTrue(md.contains("| equivalent |"), md);
        assertTrue(md.contains("| difference B-A | 90% interval | 97.5% interval | detectable | verdict |"), md);
        assertTrue(md.contains("| -1.1% to +1.9% | -1.7% to +2.2% | ±3.3% | equivalent |"),
                "the row's intervals and detectable, as shares of A's mean: " + md);
        assertTrue(md.contains("| nginx | throughput req/s (closed load) | 12050 (12100, 11850, 12200) | 7230 (7260, 7110, 7320) "
                + "| -40.0% | -41.5% to -38.5% | -41.9% to -38.1% | ±3.3% | **different** |"), md);
        assertTrue(md.contains("| **different** |"), md);
        assertTrue(md.endsWith("\nVerdict: " + result.reason() + "\n"), md);
        assertTrue(!md.contains("Rounds:"), "no inconclusive figure, no rounds to propose: " + md);
        // an inconclusive figure: the rounds that would show it equivalent, named
        RunComparison.Row open = new RunComparison.Row("nginx", "throughput req/s (closed load)", new double[] {100, 106, 95},
                new double[] {103, 97, 100}, 5, RunComparison.Test.of(new double[] {100, 106, 95}, new double[] {103, 97, 100}, 5, 0, 1,
                RunComparison.ALPHA), 20);
        String rounds = CompareTable.markdown("a", "b", new RunComparison.Result(1, "not shown equivalent", List.of(open), 0.05),
                RunComparison.MARGIN);
        assertTrue(rounds.contains("\nRounds: were the runs alike, " + open.test().roundsForEquivalence() + " rounds a side would show the one "
                + "inconclusive figure equivalent"), rounds);
    }
}
