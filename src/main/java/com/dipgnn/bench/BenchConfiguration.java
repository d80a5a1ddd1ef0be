package com.dipgnn.bench;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.CommunityConfig;
import com.dipgnn.graph.synthetic.RandomHeteroConfig;
import com.dipgnn.graph.synthetic.SyntheticGraphs;
import com.dipgnn.model.Backbone;
import com.dipgnn.model.ModelConfig;
import com.dipgnn.sampling.SamplingConfig;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * A named benchmark configuration: the graph a step samples from, the seeds per step, the
 * sampler settings and the model.
 *
 * @param name the name used on the command line
 * @param description one line for reports
 * @param graph builds the graph (seeded)
 * @param targetType node type whose seeds carry the classification loss
 * @param seedsPerStep seed nodes per step
 * @param sampling sampler settings
 * @param model encoder architecture
 */
public record BenchConfiguration(
        String name,
        String description,
        Supplier<HeteroGraph> graph,
        String targetType,
        int seedsPerStep,
        SamplingConfig sampling,
        ModelConfig model) {

    private static final ModelConfig PAPER = new ModelConfig(Backbone.HGT, 3, 400, 8, 0.2, 0);

    /** The configurations of issue 5: gat-homo, hgt-homo and hgt-hetero. */
    public static List<BenchConfiguration> all() {
        return List.of(
                homogeneous("gat-homo", Backbone.GAT),
                homogeneous("hgt-homo", Backbone.HGT),
                heterogeneous(),
                withText());
    }

    public static BenchConfiguration named(String name) {
        return all().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown benchmark configuration '" + name
                        + "'; known: "
                        + Arrays.toString(
                                all().stream().map(BenchConfiguration::name).toArray())));
    }

    private static BenchConfiguration homogeneous(String name, Backbone backbone) {
        return new BenchConfiguration(
                name,
                "synthetic homogeneous graph (4,000 nodes, degree 40, 400-dim features); LADIES from 128 seeds, "
                        + "depth 6, width 200: about 1,000 sampled nodes and 15,000 edges; "
                        + backbone + " 3 layers, hidden 400, 8 heads",
                () -> SyntheticGraphs.community(CommunityConfig.defaults()
                        .withNumNodes(4000)
                        .withAverageDegree(40)
                        .withFeatures(400, 0.15)
                        .withSeed(1)),
                "node",
                128,
                new SamplingConfig(6, 200),
                PAPER.withBackbone(backbone));
    }

    /**
     * The heterogeneous graph with text (issue 8): t0 keeps its features and gets title-like texts of
     * 6–15 words, t1 loses its features and gets name-like texts of 2–4 words (its inputs are then
     * derived from the text), both from a Zipf-distributed 8,000-word lexicon.
     */
    private static BenchConfiguration withText() {
        return new BenchConfiguration(
                "hgt-text",
                "the hgt-hetero graph with text: t0 titles (6-15 words, features kept), t1 names (2-4 words, inputs "
                        + "derived from text); HGSampling 6 x 128; HGT 3 layers, hidden 400, 8 heads; text pair 4 "
                        + "layers, width 128",
                () -> SyntheticText.addText(
                        SyntheticGraphs.randomHetero(
                                RandomHeteroConfig.defaults().withSeed(1)),
                        1),
                "t0",
                128,
                new SamplingConfig(6, 128),
                PAPER);
    }

    private static BenchConfiguration heterogeneous() {
        return new BenchConfiguration(
                "hgt-hetero",
                "synthetic heterogeneous graph, 4 node types of 250, 12 relations, 20,000 edges, 400-dim features; "
                        + "HGSampling 6 x 128; HGT 3 layers, hidden 400, 8 heads",
                () -> SyntheticGraphs.randomHetero(RandomHeteroConfig.defaults().withSeed(1)),
                "t0",
                128,
                new SamplingConfig(6, 128),
                PAPER);
    }
}
