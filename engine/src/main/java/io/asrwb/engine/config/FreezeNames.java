package io.asrwb.engine.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The layer names {@code train.freeze} takes, as a user reads a model config: {@code conv} (every
 * convolution with its batch norm), {@code conv.N} (the N-th, from 0), {@code rnn} and {@code
 * rnn.N} (a DS2 model's LSTMs, each with the batch norm in front of it; {@code rnn} also takes the
 * lookahead convolution after them), and {@code output} (the per-frame map to the alphabet).
 */
public final class FreezeNames {

    public static final String CONV = "conv";
    public static final String RNN = "rnn";
    public static final String OUTPUT = "output";

    private FreezeNames() {}

    /** Every name {@code model} has, in the order its layers run. */
    public static List<String> of(ModelConfig model) {
        List<String> names = new ArrayList<>();
        // a QuartzNet block is many layers: frozen all together ("conv") or not at all
        int convs = 0;
        if (model instanceof Ds2Config ds2) {
            convs = ds2.conv().size();
        } else if (model instanceof Wav2LetterConfig w2l) {
            convs = w2l.layers().size();
        }
        names.add(CONV);
        for (int i = 0; i < convs; i++) {
            names.add(CONV + "." + i);
        }
        if (model instanceof Ds2Config ds2) {
            names.add(RNN);
            for (int i = 0; i < ds2.rnnLayers(); i++) {
                names.add(RNN + "." + i);
            }
        }
        names.add(OUTPUT);
        return names;
    }
}
