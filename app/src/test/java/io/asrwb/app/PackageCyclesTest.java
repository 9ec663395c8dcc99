package io.asrwb.app;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Packages form no cycles: each package (a sub-package is a package of its own, not part of its
 * parent) can be read, tested and moved knowing only the packages below it.
 */
class PackageCyclesTest {

    @Test
    void packagesAreFreeOfCycles() {
        JavaClasses classes =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.asrwb.app");
        slices().matching("io.asrwb.(**)")
                .should()
                .beFreeOfCycles()
                .because(
                        "a cycle ties packages into one that cannot be understood or changed alone")
                .check(classes);
    }
}
