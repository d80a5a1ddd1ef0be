package com.dipgnn.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EngineThreadsTest {

    private String savedThreads;
    private String savedInterop;

    @BeforeEach
    void save() {
        savedThreads = System.getProperty(EngineThreads.THREADS_PROPERTY);
        savedInterop = System.getProperty(EngineThreads.INTEROP_PROPERTY);
    }

    @AfterEach
    void restore() {
        put(EngineThreads.THREADS_PROPERTY, savedThreads);
        put(EngineThreads.INTEROP_PROPERTY, savedInterop);
    }

    @Test
    void theCoresAreSharedAmongTheJobsThatRunAtOnce() {
        // worked by hand: 8 cores, 3 jobs -> 2 each (the remainder unused); 2 cores, 4 jobs -> still 1
        assertThat(EngineThreads.automatic(8, 3)).isEqualTo(2);
        assertThat(EngineThreads.automatic(16, 1)).isEqualTo(16);
        assertThat(EngineThreads.automatic(2, 4)).isEqualTo(1);
        assertThatThrownBy(() -> EngineThreads.automatic(4, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aBusyMachineGetsOnlyTheCoresItsLoadLeavesFree() {
        // worked by hand, the load rounded down to whole busy cores: 2 cores at load 2.0 -> none free ->
        // still 1; at 1.4 -> 1 busy -> 1; at 0.8 -> none busy -> 2; 8 cores at load 2.4 -> 2 busy -> 6 free
        // among 3 jobs -> 2; at load 3.6 -> 3 busy -> 5 free for 1 job; unknown load (-1) -> idle
        assertThat(EngineThreads.automatic(2, 1, 2.0)).isEqualTo(1);
        assertThat(EngineThreads.automatic(2, 1, 1.4)).isEqualTo(1);
        assertThat(EngineThreads.automatic(2, 1, 0.8)).isEqualTo(2);
        assertThat(EngineThreads.automatic(8, 3, 2.4)).isEqualTo(2);
        assertThat(EngineThreads.automatic(8, 1, 3.6)).isEqualTo(5);
        assertThat(EngineThreads.automatic(16, 1, -1)).isEqualTo(16);
        assertThat(EngineThreads.automatic(4, 2, 9.0)).isEqualTo(1);
    }

    @Test
    void theSettingAppliesUnlessTheJvmWasGivenItsOwn() {
        System.clearProperty(EngineThreads.THREADS_PROPERTY);
        System.clearProperty(EngineThreads.INTEROP_PROPERTY);
        assertThat(EngineThreads.apply(3)).isEqualTo(3);
        assertThat(System.getProperty(EngineThreads.INTEROP_PROPERTY)).isEqualTo("1");

        System.setProperty(EngineThreads.THREADS_PROPERTY, "5"); // as -Dai.djl.pytorch.num_threads=5
        assertThat(EngineThreads.apply(3)).isEqualTo(5);
        assertThatThrownBy(() -> EngineThreads.apply(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static void put(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
