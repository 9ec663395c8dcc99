package io.asrwb.engine.model.layers;

/**
 * The JDK's Vector API, which the engine's depthwise kernels run on ({@link TapSums}): an incubator
 * module in Java 17, resolved only when the JVM starts with {@link #JVM_OPTION}.
 */
public final class VectorApi {

    /** The module's name. */
    public static final String MODULE = "jdk.incubator.vector";

    /** The option that gives a JVM the module. */
    public static final String JVM_OPTION = "--add-modules=" + MODULE;

    private VectorApi() {}

    /** Whether this JVM has the module. */
    public static boolean present() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }
}
