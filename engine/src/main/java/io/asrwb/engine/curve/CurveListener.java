package io.asrwb.engine.curve;

import io.asrwb.engine.events.TrainingEvent;
import java.util.OptionalDouble;

/** What a running learning curve tells its front end (the CLI's lines, the app's view model). */
public interface CurveListener {

    /** A remark for the user (a resumed point, a narrowed corpus, …). */
    void note(String line);

    /** Point {@code index} (of {@code state.points()}) starts training or evaluating. */
    void pointStarted(CurveState state, int index);

    /** A training event of the point being trained, on the trainer's thread. */
    default void training(TrainingEvent event) {}

    /** Point {@code index} is done; {@code etaSeconds} is the time the rest should take. */
    void pointDone(CurveState state, int index, OptionalDouble etaSeconds);
}
