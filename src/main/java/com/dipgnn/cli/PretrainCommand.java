package com.dipgnn.cli;

import com.dipgnn.finetuning.ExperimentSpec;
import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.naming.EnumNames;
import com.dipgnn.pretraining.DiscriminatorMargins;
import com.dipgnn.pretraining.PretrainConfig;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.pretraining.PretrainResult;
import com.dipgnn.pretraining.PretrainingRun;
import com.dipgnn.runtime.Devices;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pretrain}: pre-trains ({@link com.dipgnn.pretraining.PretrainingRun}) on the pre-training part of the
 * node-transfer split, or the training edges of an edge split of the link task, and saves the
 * kept encoder as a model directory, which {@code finetune --pretrained DIR} starts from.
 */
@Command(
        name = "pretrain",
        mixinStandardHelpOptions = true,
        description = "Pre-trains a GNN (DiP-GNN or a baseline) on the pre-training part of a graph and saves it.")
public final class PretrainCommand implements Callable<Integer>, TrainingCommand {

    @Mixin
    final PretrainingOptions training = new PretrainingOptions();

    final FineTuningOptions options = training.fineTuning;
    final PretrainOptions pretrain = training.pretrain;

    @Override
    public FineTuningOptions fineTuning() {
        return options;
    }

    @Option(
            names = "--method",
            description = "dipgnn, dipgnn-no-text, dipgnn-edges, dipgnn-features, random-edges, gpt-gnn or gae "
                    + "(default: ${DEFAULT-VALUE})")
    String method = EnumNames.nameOf(PretrainConfig.PAPER_DEFAULT.method());

    @Option(names = "--save", required = true, description = "new directory for the pre-trained model")
    Path save;

    @Option(
            names = "--keep",
            description =
                    "which network to save: the method's own choice (default; DiP-GNN keeps the "
                            + "discriminator), or generator / discriminator, e.g. to fine-tune DiP-GNN's generator for comparison")
    String keep;

    @Option(names = "--checkpoint-dir", description = "directory for checkpoints; an interrupted run resumes from it")
    Path checkpoints;

    @Option(
            names = "--pretrain-time-limit",
            converter = TimeLimitConverter.class,
            description = "end pre-training after the step in progress once this much time has passed (90s, 10m, "
                    + "1.5h; a resumed run counts from its resume) and save what the steps done learned; the steps run "
                    + "are in the model's provenance (default: none)")
    Duration timeLimit;

    @Option(names = "--json", description = "print the pre-training figures as one JSON object on standard output")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        FineTuningOnlyOptions.refuse(spec.commandLine().getParseResult()::hasMatchedOption);
        if (Files.exists(save)) {
            throw new IllegalArgumentException("--save " + save + " already exists; models are never overwritten: "
                    + "choose a new directory or delete the old one");
        }
        PretrainMethod chosen = PretrainMethod.parse(method);
        keptNetwork(chosen);
        TaskKind kind = TaskKind.parse(options.task);
        HeteroGraph graph = GraphLocations.load(options.graphLocation(), options.splitSeed);
        ExperimentSpec spec = options.spec(kind, graph);
        if (spec.split() != SplitMode.TRANSFER && !spec.split().holdsOutEdgesFor(kind)) {
            throw new IllegalArgumentException(
                    "pre-training for node classification uses the node-transfer split; drop "
                            + "--split or use --split transfer (the link task also takes an edge split: dataset, holdout or "
                            + "leave-one-out, and pre-trains on the training edges only)");
        }
        PretrainConfig config = pretrain.config(chosen, options.seed, spec);
        PretrainMethod.Kept which = keptNetwork(chosen);
        PretrainingRun run = PretrainingRun.prepare(
                new PretrainingRun.Data(
                        graph,
                        options.dataset,
                        spec.pretrainSplit(graph),
                        spec.inputSettings(),
                        // the saved architecture records the dropout it was trained with, as a job's `dropout` does
                        spec.model().withDropout(config.dropout())),
                Devices.select(options.device),
                TextCaches.cli());
        System.err.println("pre-training graph: " + run.pretrainGraph().describe());
        PretrainResult result = run.run(
                        new PretrainingRun.Settings(config, which, pretrain.gradientNormsEvery, checkpoints, save),
                        new PretrainProgress(System.err, "pretrain", timeLimit))
                .result();
        System.err.printf(
                Locale.ROOT,
                "saved the %s encoder to %s (%d steps, %.1f s)%n",
                which.name().toLowerCase(Locale.ROOT),
                save,
                result.steps(),
                result.seconds());
        if (json) {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("dataset", options.dataset);
            out.put("method", config.method().cliName());
            out.put("saved", save.toString());
            out.put("seconds", result.seconds());
            out.put("final", result.finalMetrics());
            out.put("history", result.history());
            System.out.println(new ObjectMapper().writeValueAsString(out));
        } else {
            result.finalMetrics().forEach((k, v) -> System.out.printf(Locale.ROOT, "%-26s %.4f%n", k, v));
            // an accuracy means something only above the rate of a constant answer
            DiscriminatorMargins.describe(result.finalMetrics()).forEach(System.out::println);
        }
        return 0;
    }

    private PretrainMethod.Kept keptNetwork(PretrainMethod chosen) {
        try {
            return chosen.keptNetwork(keep);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--keep: " + e.getMessage(), e);
        }
    }
}
