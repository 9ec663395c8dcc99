package io.asrwb.engine.audio;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** javax.sound and TarsosDSP's I/O stay in audio.io, and TarsosDSP's ffmpeg pipe is never used. */
class AudioIoBoundaryTest {

    private static final JavaClasses ENGINE =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("io.asrwb.engine");

    @Test
    void onlyAudioIoTouchesJavaSoundOrTarsosIo() {
        noClasses()
                .that()
                .resideOutsideOfPackage("io.asrwb.engine.audio.io..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("javax.sound..", "be.tarsos.dsp.io..")
                .because(
                        "audio.io is the one place that touches javax.sound or TarsosDSP's jvm I/O")
                .check(ENGINE);
    }

    @Test
    void nothingCanReachTarsosFfmpegPipeThatDownloadsABinary() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("be.tarsos.dsp.io.PipeDecoder")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("be.tarsos.dsp.io.PipedAudioStream")
                .orShould()
                .callMethodWhere(target(name("fromPipe")))
                .because(
                        "TarsosDSP's PipeDecoder downloads an ffmpeg binary from the internet when"
                                + " ffmpeg is missing")
                .check(ENGINE);
    }
}
