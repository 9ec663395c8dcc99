package io.asrwb.engine.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PairedBootstrapTest {

    @Test
    void theSameSystemTwiceDiffersByNothing() {
        int[] errors = {1, 0, 2, 0, 3};
        int[] words = {4, 4, 5, 3, 6};

        BootstrapResult r = PairedBootstrap.of(errors, errors, words, 1000, 15, 0.95);

        assertThat(r.delta()).isZero();
        assertThat(r.low()).isZero();
        assertThat(r.high()).isZero();
        assertThat(r.significant()).isFalse();
    }

    @Test
    void aConsistentGainOnManyUtterancesIsSignificant() {
        int n = 200;
        int[] a = new int[n];
        int[] b = new int[n];
        int[] words = new int[n];
        Arrays.fill(words, 5);
        for (int i = 0; i < n; i++) {
            a[i] = i % 2 == 0 ? 2 : 1;
            b[i] = i % 3 == 0 ? 1 : 0;
        }

        BootstrapResult r = PairedBootstrap.of(a, b, words, 1000, 15, 0.95);

        assertThat(r.delta()).isNegative();
        assertThat(r.high()).isNegative();
        assertThat(r.low()).isLessThanOrEqualTo(r.delta());
        assertThat(r.significant()).isTrue();
        assertThat(r.pBWorse()).isZero();
        assertThat(r.describe()).endsWith("significant: B is better");
    }

    @Test
    void oneLuckyUtteranceOfFiveIsNotSignificant() {
        int[] a = {1, 1, 1, 1, 3};
        int[] b = {1, 1, 1, 1, 0};
        int[] words = {5, 5, 5, 5, 5};

        BootstrapResult r = PairedBootstrap.of(a, b, words, 1000, 15, 0.95);

        assertThat(r.delta()).isCloseTo(-0.12, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(r.high()).isZero();
        assertThat(r.significant()).isFalse();
        assertThat(r.describe()).endsWith("not significant: the interval holds 0");
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        int[] a = {3, 1, 0, 2, 2, 1, 0, 4};
        int[] b = {2, 1, 1, 0, 2, 0, 0, 3};
        int[] words = {6, 4, 3, 5, 5, 4, 2, 7};

        assertThat(PairedBootstrap.of(a, b, words, 500, 7, 0.95))
                .isEqualTo(PairedBootstrap.of(a, b, words, 500, 7, 0.95));
    }
}
