package io.asrwb.engine.config;

/**
 * Where YAML text came from (a file name, "preset tiny") and where each field is written in it, so
 * a problem can name the file, line and column the user can act on.
 */
record YamlSource(String name, YamlLocations locations) {

    /** A config error at {@code path} in this text. */
    ConfigException fail(String path, String message) {
        return new ConfigException(locate(path, message, this, null));
    }

    /**
     * A problem at the place {@code path} is written: the user's file, else the preset, else the
     * nearest enclosing section written in either; no position when the value is a default.
     */
    static ConfigProblem locate(String path, String message, YamlSource user, YamlSource preset) {
        YamlSource where = user;
        YamlLocations.Position at = null;
        if (user.locations().has(path)) {
            at = user.locations().find(path);
        } else if (preset != null && preset.locations().has(path)) {
            where = preset;
            at = preset.locations().find(path);
        } else {
            at = user.locations().find(path);
            if (at == null && preset != null) {
                at = preset.locations().find(path);
                where = at == null ? user : preset;
            }
        }
        return at == null
                ? new ConfigProblem(where.name(), 0, 0, path, message)
                : new ConfigProblem(where.name(), at.line(), at.column(), path, message);
    }
}
