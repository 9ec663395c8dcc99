package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.relabel.RelabelView;
import io.asrwb.app.relabel.RelabelViewModel;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.audio.io.AudioPlayer;
import javafx.scene.control.Tab;

/** The Re-label tab, built when first shown, on the dataset chosen in the Datasets tab. */
final class RelabelTab {

    private RelabelTab() {}

    static Tab create(AppContext ctx, DatasetsViewModel datasets) {
        RelabelViewModel vm =
                new RelabelViewModel(
                        ctx, datasets, new WaveformViewModel(ctx.tasks(), new AudioPlayer()));
        return LazyTab.of("Re-label", () -> new RelabelView(vm));
    }
}
