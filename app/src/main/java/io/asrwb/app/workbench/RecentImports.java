package io.asrwb.app.workbench;

import io.asrwb.app.theme.AppSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The last {@value #KEEP} sources the user imported, newest first, kept in the app's settings. */
final class RecentImports {

    static final String KEY = "recent.imports";
    static final int KEEP = 8;

    private final AppSettings settings;

    RecentImports(AppSettings settings) {
        this.settings = settings;
    }

    List<Path> list() {
        return settings.get(KEY)
                .map(
                        v ->
                                Arrays.stream(v.split("\n"))
                                        .filter(s -> !s.isBlank())
                                        .map(Path::of)
                                        .toList())
                .orElse(List.of());
    }

    void add(Path source) {
        Path p = source.toAbsolutePath().normalize();
        List<Path> paths = new ArrayList<>(list());
        paths.remove(p);
        paths.add(0, p);
        List<String> kept = paths.stream().limit(KEEP).map(Path::toString).toList();
        settings.putAll(Map.of(KEY, String.join("\n", kept)));
    }
}
