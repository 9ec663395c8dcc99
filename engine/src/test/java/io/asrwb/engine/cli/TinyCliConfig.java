package io.asrwb.engine.cli;

/** A DS2 small enough to train a few steps in a CLI test, with no validation split. */
final class TinyCliConfig {

    static final String YAML =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  batch_size: 4",
                    "  val_splits: []",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 16",
                    "");

    private TinyCliConfig() {}
}
