package io.asrwb.engine.model.layers;

import org.bytedeco.javacpp.Pointer;
import org.deeplearning4j.nn.workspace.ArrayType;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.buffer.DataBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Frees the off-heap buffers of our temporaries as soon as they are dead, rather than when the
 * JVM's garbage collector gets round to them.
 *
 * <p>Why: ND4J frees an array's native buffer only after the collector finds the array's Java
 * object dead. Those objects are small, outlive a young collection (a layer's forward state lives
 * until its backward pass) and land in the old generation, which is collected rarely; meanwhile
 * each DS2-small step left ~450 MB of dead native buffers behind, and the process grew by ~300 MB
 * per step (docs/PERFORMANCE.md, "Memory").
 *
 * <p>Why the buffer and not just the array: ND4J 1.0.0-M2.1 gives a reshaped or permuted array its
 * own view of the owner's buffer and reports it "not closeable", so {@code INDArray.close()} on
 * it is silently refused ({@link INDArray#closeable()} is false). An array that spans its whole
 * buffer is closed through the buffer it wraps.
 */
public final class NativeMemory {

    private NativeMemory() {}

    /**
     * Frees the buffer of each array that spans a whole buffer we own (an array we created, or a
     * reshape or permutation of one). Nulls, workspace arrays and partial views are skipped; an
     * array sharing the freed buffer must not be used afterwards.
     */
    public static void release(INDArray... arrays) {
        for (INDArray a : arrays) {
            if (a == null || a.isEmpty() || a.isAttached() || BufferPool.shared().giveBack(a)) {
                continue;
            }
            if (a.closeable()) {
                Pointer copied = a.data().pointer();
                a.close();
                freeCopied(copied);
                continue;
            }
            DataBuffer owner = a.data().originalDataBuffer();
            if (owner != null
                    && owner != a.data()
                    && owner.length() == a.length()
                    && !owner.isAttached()
                    && owner.closeable()) {
                Pointer copied = owner.pointer();
                owner.close();
                freeCopied(copied);
            }
        }
    }

    /**
     * Frees the memory a buffer made from a Java array ({@code Nd4j.createBuffer(float[])}) holds
     * its values in: JavaCPP copied the array into memory of its own, which libnd4j only borrows,
     * so closing the buffer leaves it to the collector (a long file's batch features, 3.9 MB per
     * pair of 30 s windows). A no-op for memory libnd4j allocated (its pointer has no deallocator).
     */
    private static void freeCopied(Pointer pointer) {
        if (pointer != null) {
            pointer.deallocate();
        }
    }

    /**
     * Until the scope closes, this thread's layers take their per-step arrays from a pool of kept
     * buffers, given back on {@link #release} ({@link BufferPool}: fresh memory costs a page fault
     * per 4 KiB).
     */
    public static PoolingScope poolingStep() {
        return BufferPool.step();
    }

    /** A c-ordered copy of {@code a} in its own type that we own (and so may free). */
    static INDArray ownedCopy(INDArray a) {
        return ownedCopy(a, a.dataType());
    }

    /** A c-ordered copy of {@code a} in {@code type} that we own (and so may free). */
    static INDArray ownedCopy(INDArray a, DataType type) {
        if (a.dataType() == type) {
            return BufferPool.shared().create(type, a.shape()).assign(a);
        }
        INDArray cast = a.castTo(type);
        if (cast.ordering() == 'c') {
            return cast;
        }
        INDArray ordered = cast.dup('c');
        release(cast);
        return ordered;
    }

    /**
     * Gives DL4J an array we computed outside its workspaces, and frees ours where we can. DL4J's
     * {@code leverageTo} leaves such an array where it is, so DL4J would hold it until the
     * collector runs; where DL4J keeps arrays of {@code type} in an open workspace (training and
     * inference through the graph), it gets a copy there instead (a memory copy, small beside the
     * op that made it) and ours is freed at once. Otherwise it gets ours.
     */
    static INDArray handOver(LayerWorkspaceMgr workspaceMgr, ArrayType type, INDArray ours) {
        INDArray handed = copyToWorkspace(workspaceMgr, type, ours);
        if (handed != ours) {
            release(ours);
        }
        return handed;
    }

    /**
     * A copy of {@code ours} in DL4J's workspace for {@code type} when that workspace is open, else
     * {@code ours} itself.
     */
    static INDArray copyToWorkspace(LayerWorkspaceMgr workspaceMgr, ArrayType type, INDArray ours) {
        if (workspaceMgr.isScopedOut(type)
                || !workspaceMgr.hasConfiguration(type)
                || !workspaceMgr.isWorkspaceOpen(type)) {
            return ours;
        }
        return workspaceMgr.dup(type, ours);
    }
}
