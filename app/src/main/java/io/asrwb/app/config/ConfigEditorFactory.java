package io.asrwb.app.config;

import java.util.Arrays;
import java.util.function.BiConsumer;
import javafx.scene.Node;
import javafx.util.Callback;
import org.controlsfx.control.PropertySheet;
import org.controlsfx.property.editor.Editors;
import org.controlsfx.property.editor.PropertyEditor;

/**
 * Editors for config leaves: numbers, text, check boxes, and choice boxes for enums and fields
 * with fixed written values (model.type). Tells the view of each editor it builds so the view
 * can mark the ones whose fields are invalid. Node ids are {@code field-} plus the path with every
 * character that is not a letter or digit replaced by '-' (tests look editors up by them).
 */
final class ConfigEditorFactory implements Callback<PropertySheet.Item, PropertyEditor<?>> {

    private final BiConsumer<String, Node> onCreated;

    /** @param onCreated told of every editor built (the sheet rebuilds them on search and mode) */
    ConfigEditorFactory(BiConsumer<String, Node> onCreated) {
        this.onCreated = onCreated;
    }

    @Override
    public PropertyEditor<?> call(PropertySheet.Item sheetItem) {
        ConfigFieldItem item = (ConfigFieldItem) sheetItem;
        Class<?> type = item.getType();
        PropertyEditor<?> editor;
        if (type.isEnum()) {
            editor = Editors.createChoiceEditor(item, Arrays.asList(type.getEnumConstants()));
        } else if (!item.field().choices().isEmpty()) {
            editor = Editors.createChoiceEditor(item, item.field().choices());
        } else if (type == Boolean.class) {
            editor = Editors.createCheckEditor(item);
        } else if (Number.class.isAssignableFrom(type)) {
            editor = new NumberEditor(item);
        } else {
            editor = Editors.createTextEditor(item);
        }
        Node node = editor.getEditor();
        node.setId(nodeId(item.path()));
        node.setDisable(!item.isEditable());
        onCreated.accept(item.path(), node);
        return editor;
    }

    static String nodeId(String path) {
        return "field-" + path.replaceAll("[^A-Za-z0-9]", "-");
    }
}
