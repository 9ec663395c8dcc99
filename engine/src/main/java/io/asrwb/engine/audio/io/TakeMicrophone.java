package io.asrwb.engine.audio.io;

import io.asrwb.engine.audio.PcmAudio;
import java.util.Optional;

/**
 * The microphone of a push-to-talk view: opened ahead of the first press where it can be (a take
 * then starts with the line's pre-roll, so the first syllable after the key goes down is kept),
 * else opened on the press; one take from press to release. Used from one thread (the UI's).
 */
public final class TakeMicrophone implements AutoCloseable {

    private final MicrophoneCapture.Listener listener;
    private MicrophoneCapture armed; // open line kept while the view is shown
    private MicrophoneCapture capture; // the line of the take in progress

    /** @param listener given each chunk of a take, on the capture thread */
    public TakeMicrophone(MicrophoneCapture.Listener listener) {
        this.listener = listener;
    }

    /** Opens the line ahead of the first press; does nothing while it is open. */
    public void arm() throws NoAudioDeviceException {
        if (armed == null) {
            armed = MicrophoneCapture.open(listener);
        }
    }

    /**
     * Starts a take; an armed line's take begins with its pre-roll, which the listener is given
     * first. Does nothing while a take is in progress.
     */
    public void press() throws NoAudioDeviceException {
        if (capture != null) {
            return;
        }
        if (armed != null) {
            capture = armed;
            armed.begin();
        } else {
            capture = MicrophoneCapture.start(listener);
        }
    }

    /** Ends the take in progress (empty when there is none); an armed line stays open. */
    public Optional<PcmAudio> release() {
        if (capture == null) {
            return Optional.empty();
        }
        PcmAudio take = capture == armed ? capture.end() : capture.stop();
        capture = null;
        return Optional.of(take);
    }

    /** Ends a take in progress (dropping it) and closes the line. */
    @Override
    public void close() {
        release();
        if (armed != null) {
            armed.close();
            armed = null;
        }
    }
}
