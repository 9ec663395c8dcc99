package io.asrwb.app.datasets;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** The datasets view's filter controls: text and three "only" switches, applied as they change. */
final class UtteranceFilters {

    final StringProperty text = new SimpleStringProperty("");
    final BooleanProperty flaggedOnly = new SimpleBooleanProperty();
    final BooleanProperty excludedOnly = new SimpleBooleanProperty();
    final BooleanProperty checkFlagsOnly = new SimpleBooleanProperty();

    UtteranceFilters(UtteranceTable table) {
        Runnable apply =
                () ->
                        table.setFilter(
                                new UtteranceFilter(
                                        text.get(),
                                        flaggedOnly.get(),
                                        excludedOnly.get(),
                                        checkFlagsOnly.get()));
        text.addListener((o, a, b) -> apply.run());
        flaggedOnly.addListener((o, a, b) -> apply.run());
        excludedOnly.addListener((o, a, b) -> apply.run());
        checkFlagsOnly.addListener((o, a, b) -> apply.run());
    }
}
