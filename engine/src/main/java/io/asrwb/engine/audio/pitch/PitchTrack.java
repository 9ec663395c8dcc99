package io.asrwb.engine.audio.pitch;

import java.util.List;
import java.util.OptionalDouble;

/**
 * A clip's pitch, one frame per hop, in time order.
 *
 * @param frames every analysed frame, voiced or not (so the frame index maps to time)
 * @param hopSeconds time between frame centres
 */
public record PitchTrack(List<PitchFrame> frames, double hopSeconds) {

    public PitchTrack {
        frames = List.copyOf(frames);
    }

    public List<PitchFrame> voiced() {
        return frames.stream().filter(PitchFrame::voiced).toList();
    }

    /** Median frequency of the voiced frames; empty when nothing is voiced. */
    public OptionalDouble medianHz() {
        double[] hz = voiced().stream().mapToDouble(PitchFrame::hz).sorted().toArray();
        if (hz.length == 0) {
            return OptionalDouble.empty();
        }
        int mid = hz.length / 2;
        return OptionalDouble.of(hz.length % 2 == 1 ? hz[mid] : (hz[mid - 1] + hz[mid]) / 2);
    }
}
