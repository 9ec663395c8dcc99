package io.asrwb.app.theme;

import io.asrwb.engine.files.AtomicWrite;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Small user preferences (the theme, the window's bounds, recent imports) in a properties file in the data dir, so they
 * travel with the catalog and tests can point them at a temp folder. A missing or unreadable
 * file means defaults; a failed write is logged, never fatal.
 */
public final class AppSettings {

    private static final Logger LOG = LoggerFactory.getLogger(AppSettings.class);
    private static final String THEME_KEY = "theme";

    private final Path file;

    public AppSettings(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public Theme theme() {
        return Theme.parse(read().getProperty(THEME_KEY), Theme.DARK);
    }

    public void saveTheme(Theme theme) {
        Properties props = read();
        props.setProperty(THEME_KEY, theme.name().toLowerCase(java.util.Locale.ROOT));
        write(props);
    }

    /** A raw value, for settings without their own accessor yet. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(read().getProperty(key));
    }

    /** Stores several values in one write (the window's bounds, say). */
    public void putAll(java.util.Map<String, String> values) {
        Properties props = read();
        values.forEach(props::setProperty);
        write(props);
    }

    private Properties read() {
        Properties props = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                props.load(in);
            } catch (IOException e) {
                LOG.warn("cannot read settings {} ({}); using defaults", file, e.getMessage());
            }
        }
        return props;
    }

    private void write(Properties props) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            AtomicWrite.replaceOwnerOnly(
                    file,
                    temp -> {
                        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                            props.store(out, "ASR Workbench settings");
                        }
                    });
        } catch (IOException e) {
            LOG.warn(
                    "cannot write settings {}: {} (check the folder is writable)",
                    file,
                    e.getMessage());
        }
    }
}
