package io.asrwb.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Using a trained model sits below training: the inference jar ships the engine without {@code
 * train}, {@code curve}, {@code cli} and {@code bench}, so nothing else may reach into the trainer.
 */
class InferenceLayerTest {

    private final JavaClasses classes =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("io.asrwb.engine");

    @Test
    void onlyTheTrainerItsCommandsAndTheLearningCurveImportTraining() {
        noClasses()
                .that()
                .resideOutsideOfPackages(
                        "io.asrwb.engine.train..",
                        "io.asrwb.engine.curve..",
                        "io.asrwb.engine.cli..",
                        "io.asrwb.engine.bench..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("io.asrwb.engine.train..")
                .because(
                        "align, stream, export, transcribe, segment, relabel, analysis and the"
                                + " inference jar use a trained model without the trainer")
                .check(classes);
    }

    @Test
    void theRuntimeAndItsCheckpointsNeedNoCatalogRepositories() {
        noClasses()
                .that()
                .resideInAnyPackage("io.asrwb.engine.inference..", "io.asrwb.engine.checkpoint..")
                .should()
                .dependOnClassesThat()
                .haveSimpleNameEndingWith("Repository")
                .because("a host program transcribes with a checkpoint and no catalog database")
                .check(classes);
    }
}
