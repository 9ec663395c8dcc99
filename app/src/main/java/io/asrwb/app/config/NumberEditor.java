package io.asrwb.app.config;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.TextField;
import org.controlsfx.control.PropertySheet;
import org.controlsfx.property.editor.AbstractPropertyEditor;

/**
 * A text field for whole or real numbers that hands every parsable keystroke to the item (so a
 * wrong value is named at once) and accepts what a person types on the way there ("-", "1e").
 * ControlsFX's numeric field commits later and refuses a leading minus.
 */
final class NumberEditor extends AbstractPropertyEditor<Number, TextField> {

    private final boolean whole;
    private ObservableValue<Number> parsed;

    NumberEditor(PropertySheet.Item item) {
        super(item, new TextField());
        Class<?> type = item.getType();
        this.whole = type == Integer.class || type == Long.class;
    }

    @Override
    protected ObservableValue<Number> getObservableValue() {
        if (parsed == null) {
            // called from the super constructor, before fields are set: decide the type from the
            // text
            parsed =
                    Bindings.createObjectBinding(
                            () -> parse(getEditor().getText()), getEditor().textProperty());
        }
        return parsed;
    }

    @Override
    public void setValue(Number value) {
        String text = value == null ? "" : value.toString();
        if (!text.equals(getEditor().getText())) {
            getEditor().setText(text);
        }
    }

    private Number parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            if (isWholeText(t)) {
                return Long.parseLong(t);
            }
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private boolean isWholeText(String t) {
        return (whole || t.matches("-?\\d+")) && t.matches("-?\\d+");
    }
}
