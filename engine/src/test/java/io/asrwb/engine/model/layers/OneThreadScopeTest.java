package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.factory.Nd4j;

class OneThreadScopeTest {

    private static int blasThreads() {
        return Nd4j.factory().blas().getMaxThreads();
    }

    @Test
    void overlappingScopesKeepOneThreadUntilTheLastClosesThenRestoreTheLimit() {
        int before = blasThreads();
        Nd4j.factory().blas().setMaxThreads(2);
        try {
            OneThreadScope first = new OneThreadScope();
            OneThreadScope second = new OneThreadScope();
            assertThat(blasThreads()).isEqualTo(1);

            first.close(); // the other session still streams
            assertThat(blasThreads()).isEqualTo(1);
            first.close(); // a second close counts nothing
            assertThat(blasThreads()).isEqualTo(1);

            second.close();
            assertThat(blasThreads()).isEqualTo(2);
        } finally {
            Nd4j.factory().blas().setMaxThreads(before);
        }
    }
}
