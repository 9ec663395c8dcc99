package io.asrwb.engine.train.finetune;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.model.ConvLayerSpec;
import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import java.util.List;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.Adam;

/** Which graph layers each {@code train.freeze} name stands for. */
class FrozenLayersTest {

    private static ComputationGraphConfiguration streamingWithLookahead() {
        return new Ds2Spec(
                        List.of(new ConvLayerSpec(4, new ConvGeometry(5, 5, 2, 3, 2, 2))),
                        FrontEndActivation.HARDTANH_0_20,
                        2,
                        8,
                        DirectionMerge.SUM,
                        16,
                        6,
                        true,
                        true,
                        false,
                        3)
                .configuration(1, DataType.FLOAT, new Adam(1e-3));
    }

    @Test
    void rnnTakesTheLstmsAndTheLookaheadAfterThemAndRnnNOnlyItsLstm() {
        ComputationGraphConfiguration conf = streamingWithLookahead();

        assertThat(FrozenLayers.vertices(conf, "rnn"))
                .containsExactlyInAnyOrder("lstm1", "lstm2_bn", "lstm2", Ds2Spec.LOOKAHEAD);
        assertThat(FrozenLayers.vertices(conf, "rnn.1"))
                .containsExactlyInAnyOrder("lstm2", "lstm2_bn");
        assertThat(FrozenLayers.vertices(conf, "conv"))
                .containsExactlyInAnyOrder("conv1", "conv1_bn");
        assertThat(FrozenLayers.vertices(conf, "output")).containsExactly("classes");
    }
}
