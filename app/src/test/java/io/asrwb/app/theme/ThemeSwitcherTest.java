package io.asrwb.app.theme;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;

/** Switching theme swaps the token sheet and is remembered by the next start. */
class ThemeSwitcherTest {

    @TempDir Path tmp;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void defaultsToDarkThenRemembersLight() throws Exception {
        AppSettings settings = new AppSettings(tmp.resolve("sub").resolve("settings.properties"));
        Scene scene = FxToolkit.setupFixture(() -> new Scene(new StackPane()));
        ThemeSwitcher switcher = new ThemeSwitcher(scene, settings);

        assertThat(switcher.themeProperty().get()).isEqualTo(Theme.DARK);
        assertThat(scene.getStylesheets()).containsExactlyElementsOf(Theme.DARK.stylesheets());

        scene.getStylesheets().add("file:/some/view.css");
        FxToolkit.setupFixture(switcher::toggle);

        assertThat(scene.getStylesheets())
                .startsWith(Theme.LIGHT.stylesheets().toArray(String[]::new))
                .contains("file:/some/view.css")
                .hasSize(3);
        assertThat(Files.readString(settings.file())).contains("theme=light");
        ThemeSwitcher nextStart =
                new ThemeSwitcher(new Scene(new StackPane()), new AppSettings(settings.file()));
        assertThat(nextStart.themeProperty().get()).isEqualTo(Theme.LIGHT);
    }

    @Test
    void unreadableOrUnknownValuesFallBackToDark() throws Exception {
        Path file = tmp.resolve("settings.properties");
        Files.writeString(file, "theme=purple\nother=kept\n");
        AppSettings settings = new AppSettings(file);

        assertThat(settings.theme()).isEqualTo(Theme.DARK);
        settings.saveTheme(Theme.LIGHT);
        assertThat(settings.theme()).isEqualTo(Theme.LIGHT);
        assertThat(settings.get("other")).contains("kept");
    }

    @Test
    void everyStylesheetIsOnTheClassPathAndDefinesTheSameTokens() throws Exception {
        String dark = read(Theme.DARK.stylesheets().get(0));
        String light = read(Theme.LIGHT.stylesheets().get(0));
        String base = read(Theme.DARK.stylesheets().get(1));
        var darkTokens = tokens(dark);
        assertThat(darkTokens).isNotEmpty().isEqualTo(tokens(light));
        // every token the base sheet uses is defined by both token sets
        java.util.regex.Matcher used =
                java.util.regex.Pattern.compile("-asrwb-[a-z-]+").matcher(base);
        while (used.find()) {
            assertThat(darkTokens).contains(used.group());
        }
    }

    private static String read(String url) throws Exception {
        try (var in = new java.net.URL(url).openStream()) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static java.util.Set<String> tokens(String css) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("(-asrwb-[a-z-]+)\\s*:").matcher(css);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
