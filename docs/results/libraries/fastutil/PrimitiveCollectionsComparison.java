package com.dipgnn.sampling;

import it.unimi.dsi.fastutil.ints.Int2DoubleOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import java.util.Random;

/**
 * The HGSampling access pattern (ordered set of sampled nodes, budget map with add / containsKey /
 * remove / keys / values) on a power-law random graph, once with the product's IntOrderedSet and
 * IntDoubleMap and once with fastutil's IntLinkedOpenHashSet and Int2DoubleOpenHashMap.
 */
public class PrimitiveCollectionsComparison {
    static final int NODES = 200_000, SEEDS = 128, DEPTH = 6, WIDTH = 128, SUBGRAPHS = 300;
    static int[] offsets, targets;

    public static void main(String[] args) {
        buildGraph();
        long checkOwn = 0, checkFu = 0;
        for (int rep = 0; rep < 5; rep++) {
            long t0 = System.nanoTime();
            for (int s = 0; s < SUBGRAPHS; s++) checkOwn += own(s);
            long t1 = System.nanoTime();
            for (int s = 0; s < SUBGRAPHS; s++) checkFu += fastutil(s);
            long t2 = System.nanoTime();
            System.out.printf("repeat %d: own %.1f us/subgraph, fastutil %.1f us/subgraph%n", rep,
                    (t1 - t0) / 1e3 / SUBGRAPHS, (t2 - t1) / 1e3 / SUBGRAPHS);
        }
        System.out.println("same subgraphs: " + (checkOwn == checkFu) + " (" + checkOwn + ")");
    }

    static void buildGraph() {
        Random r = new Random(1);
        offsets = new int[NODES + 1];
        int[] deg = new int[NODES];
        long total = 0;
        for (int i = 0; i < NODES; i++) {
            deg[i] = (int) Math.min(2000, Math.floor(3 / Math.pow(1 - r.nextDouble(), 1 / 1.2)));
            total += deg[i];
        }
        targets = new int[(int) total];
        for (int i = 0; i < NODES; i++) {
            offsets[i + 1] = offsets[i] + deg[i];
            for (int k = offsets[i]; k < offsets[i + 1]; k++) targets[k] = r.nextInt(NODES);
        }
    }

    static long own(int s) {
        Random r = new Random(s);
        IntOrderedSet sampled = new IntOrderedSet();
        IntDoubleMap budget = new IntDoubleMap();
        int[] frontier = new int[SEEDS];
        for (int i = 0; i < SEEDS; i++) { frontier[i] = r.nextInt(NODES); sampled.add(frontier[i]); }
        for (int layer = 0; layer < DEPTH; layer++) {
            for (int v : frontier) {
                int d = offsets[v + 1] - offsets[v];
                for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                    int u = targets[k];
                    if (!sampled.contains(u)) budget.add(u, 1.0 / d);
                }
            }
            int[] keys = budget.keys();
            java.util.Arrays.sort(keys);
            double[] values = budget.values();
            int n = Math.min(WIDTH, keys.length);
            frontier = new int[n];
            for (int i = 0; i < n; i++) {
                int pick = keys[r.nextInt(keys.length)];
                if (budget.containsKey(pick)) budget.remove(pick);
                sampled.add(pick);
                frontier[i] = pick;
            }
            if (values.length == 0) break;
        }
        return sampled.size() + budget.size();
    }

    static long fastutil(int s) {
        Random r = new Random(s);
        IntLinkedOpenHashSet sampled = new IntLinkedOpenHashSet();
        Int2DoubleOpenHashMap budget = new Int2DoubleOpenHashMap();
        int[] frontier = new int[SEEDS];
        for (int i = 0; i < SEEDS; i++) { frontier[i] = r.nextInt(NODES); sampled.add(frontier[i]); }
        for (int layer = 0; layer < DEPTH; layer++) {
            for (int v : frontier) {
                int d = offsets[v + 1] - offsets[v];
                for (int k = offsets[v]; k < offsets[v + 1]; k++) {
                    int u = targets[k];
                    if (!sampled.contains(u)) budget.addTo(u, 1.0 / d);
                }
            }
            int[] keys = budget.keySet().toIntArray();
            java.util.Arrays.sort(keys);
            double[] values = budget.values().toDoubleArray();
            int n = Math.min(WIDTH, keys.length);
            frontier = new int[n];
            for (int i = 0; i < n; i++) {
                int pick = keys[r.nextInt(keys.length)];
                if (budget.containsKey(pick)) budget.remove(pick);
                sampled.add(pick);
                frontier[i] = pick;
            }
            if (values.length == 0) break;
        }
        return sampled.size() + budget.size();
    }
}
