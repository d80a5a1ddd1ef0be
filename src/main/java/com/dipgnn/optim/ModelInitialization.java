package com.dipgnn.optim;

import ai.djl.ndarray.NDManager;
import com.dipgnn.model.GraphModule;
import com.dipgnn.runtime.Devices;

/** How every trainer starts its modules: the engine seeded, then each module's parameters created. */
public final class ModelInitialization {

    private ModelInitialization() {}

    /** Seeds the engine and creates the parameters of the modules, reproducibly for a seed. */
    public static void initialize(long seed, NDManager manager, GraphModule... modules) {
        Devices.engine().setRandomSeed((int) seed);
        for (GraphModule m : modules) {
            m.initialize(manager);
        }
    }
}
