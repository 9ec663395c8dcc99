package io.asrwb.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.asrwb.engine.store.Catalog;
import org.junit.jupiter.api.Test;

/**
 * View models own properties and call services; they never build or touch nodes. Views build nodes
 * and never read the catalog.
 */
class MvvmArchitectureTest {

    private final JavaClasses classes =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("io.asrwb.app");

    @Test
    void viewModelsTouchNoNodes() {
        noClasses()
                .that()
                .haveSimpleNameEndingWith("ViewModel")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javafx.scene..", "javafx.stage..")
                .because("view models are tested as plain objects, without a toolkit")
                .check(classes);
    }

    @Test
    void viewsOpenNoRepositories() {
        // lambdas compile into methods of their class, so a repository opened in an event handler
        // or a Platform.runLater block counts too
        noClasses()
                .that()
                .haveNameMatching(".*View(\\$.*)?")
                .should()
                .dependOnClassesThat()
                .haveSimpleNameEndingWith("Repository")
                .orShould()
                .dependOnClassesThat()
                .areAssignableTo(Catalog.class)
                .because(
                        "views bind to view models; reading the catalog is the view models' work,"
                                + " off the FX thread")
                .check(classes);
    }
}
