package io.asrwb.app.record;

import io.asrwb.app.waveform.WaveformEnvelope;
import io.asrwb.engine.audio.PcmAudio;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/** The take's waveform, one line per pixel column from its lowest to highest sample; red where it clips. */
final class ClipWaveform extends Canvas {

    private static final Color WAVE = Color.web("#4a90d9");
    private static final Color CLIPPED = Color.web("#d9534f");
    private static final Color EMPTY = Color.web("#2b2b2b");

    ClipWaveform(double width, double height) {
        super(width, height);
        setId("record-waveform");
        show(null);
    }

    void show(PcmAudio clip) {
        GraphicsContext g = getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.setFill(EMPTY);
        g.fillRect(0, 0, w, h);
        if (clip == null || clip.samples().length == 0) {
            return;
        }
        int columns = (int) w;
        WaveformEnvelope env =
                WaveformEnvelope.of(clip.samples(), 0, clip.samples().length, columns);
        double mid = h / 2;
        for (int c = 0; c < columns; c++) {
            float lo = env.min()[c];
            float hi = env.max()[c];
            boolean clipped = hi >= ClipVerdict.CLIP_LEVEL || lo <= -ClipVerdict.CLIP_LEVEL;
            g.setStroke(clipped ? CLIPPED : WAVE);
            g.strokeLine(c + 0.5, mid - hi * mid, c + 0.5, mid - lo * mid);
        }
    }
}
