package io.asrwb.app.workbench;

import java.util.List;

/**
 * The main parts the app is built on and their licences, for Help → About; the installer's
 * THIRD-PARTY.txt (generated from the dependency tree) is the complete list.
 */
final class ThirdParty {

    record Part(String name, String licence) {}

    static final List<Part> ALL =
            List.of(
                    new Part("TarsosDSP", "GPL-3.0"),
                    new Part("Eclipse Deeplearning4j / ND4J / libnd4j", "Apache-2.0"),
                    new Part("OpenJDK runtime", "GPL-2.0 with the Classpath Exception"),
                    new Part("OpenJFX (JavaFX)", "GPL-2.0 with the Classpath Exception"),
                    new Part("ControlsFX", "BSD-3-Clause"),
                    new Part("H2 Database", "MPL-2.0 or EPL-1.0"),
                    new Part("Jackson", "Apache-2.0"),
                    new Part("picocli", "Apache-2.0"),
                    new Part("JSch (mwiede)", "BSD-3-Clause / ISC"),
                    new Part("jFLAC", "Apache-2.0"),
                    new Part("MP3SPI / JLayer", "LGPL-2.1"),
                    new Part("SLF4J", "MIT"),
                    new Part("Logback", "EPL-1.0 or LGPL-2.1"),
                    new Part("OpenBLAS", "BSD-3-Clause"));

    private ThirdParty() {}
}
