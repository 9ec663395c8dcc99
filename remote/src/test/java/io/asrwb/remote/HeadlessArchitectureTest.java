package io.asrwb.remote;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** remote/ is used by the app and by headless tools alike: no UI toolkit, no dependency on app. */
class HeadlessArchitectureTest {

    @Test
    void remoteImportsNoUiToolkitAndNotTheApp() {
        JavaClasses classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.asrwb.remote");
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx..", "java.awt..", "javax.swing..", "io.asrwb.app..")
                .because("dependencies point app -> remote -> engine, and remote runs headless")
                .allowEmptyShould(true)
                .check(classes);
    }
}
