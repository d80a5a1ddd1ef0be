package com.dipgnn.cli;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.graph.synthetic.GraphLocations;
import com.dipgnn.runtime.Devices;
import com.dipgnn.serving.EmbeddingExport;
import com.dipgnn.serving.EmbeddingTsv;
import com.dipgnn.serving.EmbeddingsManifest;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.store.AtomicFiles;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongConsumer;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code embed}: every node's embedding from a saved model, as a deployment computes it (exact
 * inference), written as tab-separated text ({@code .tsv}, gzipped for {@code .tsv.gz}) or as a
 * directory of Parquet and a manifest, as the Spark batch job writes them (any other name), which a
 * deployment can serve ({@code embeddingsPath}).
 */
@Command(
        name = "embed",
        mixinStandardHelpOptions = true,
        description = "Writes every node's embedding from a saved model (finetune --save, pretrain --save) to a TSV "
                + "file or a Parquet directory that a deployment can serve (embeddingsPath).")
public final class EmbedCommand implements Callable<Integer> {

    @Option(
            names = "--model",
            required = true,
            description = "the model: a directory (finetune --save, pretrain --save), or the id of a model the service "
                    + "stored (see --data-dir)")
    Path model;

    @Option(
            names = "--data-dir",
            description = "the service's data directory, where --model and the model's data set may be named by id "
                    + "(default: $" + ServiceData.DATA_DIR_ENV + ", else ./dipgnn-data)")
    Path dataDir;

    @Option(
            names = "--dataset",
            description = "the graph to embed (default: the one the model was trained on, " + "with its split seed)")
    String dataset;

    @Option(names = "--types", split = ",", description = "node types to write (default: every type)")
    List<String> types;

    @Option(
            names = "--out",
            required = true,
            description =
                    "the new output: a TSV file (.tsv, or .tsv.gz to gzip it; "
                            + "a header 'type id key e0 ... e<dim-1>', then one line a node), or any other name: a new directory "
                            + "with the Spark batch job's Parquet file and manifest (every node type; a deployment's embeddingsPath)")
    Path out;

    @Option(names = "--device", defaultValue = "auto", description = "auto, cpu or gpu (default: ${DEFAULT-VALUE})")
    String device;

    @Override
    public Integer call() throws Exception {
        if (Files.exists(out)) {
            throw new IllegalArgumentException(
                    "--out " + out + " already exists; choose a new file or delete the old one");
        }
        boolean tsv = isTsv(out);
        if (!tsv && types != null) {
            throw new IllegalArgumentException("--types: a Parquet output holds every node type (a deployment reads it "
                    + "whole); leave out --types, or write a .tsv file");
        }
        ServiceData stored = ServiceData.at(dataDir);
        Path model = stored.model("--model", this.model.toString());
        ModelManifest manifest = ModelStore.readManifest(model);
        String source = dataset != null ? dataset : manifest.dataset();
        HeteroGraph graph = GraphLocations.load(stored.dataset(source), manifest.splitSeed());
        List<String> chosen = types != null ? types : graph.nodeTypes();
        for (String type : chosen) {
            if (!graph.nodeTypes().contains(type)) {
                throw new IllegalArgumentException("--types: graph '" + graph.name() + "' has no node type '" + type
                        + "'; its types are " + graph.nodeTypes());
            }
        }
        long total = chosen.stream().mapToLong(graph::numNodes).sum();
        CountLine counts = new CountLine(System.err); // embedding, indexing, then writing: a clock each
        LongConsumer progress = n -> counts.show("writing nodes", n, total);
        try (ModelDeployment deployment = ModelDeployment.deploy(
                model,
                graph,
                EmbeddingExport.deploymentOptions(Devices.select(device)),
                (phase, done, all) -> counts.show(phase.name().toLowerCase(Locale.ROOT), done, all),
                TextCaches.cli())) {
            counts.end();
            String written = tsv
                    ? writeTsv(deployment, chosen, progress)
                    : writeParquet(
                            deployment,
                            new EmbeddingExport.Source(
                                    model,
                                    model.toAbsolutePath()
                                            .normalize()
                                            .getFileName()
                                            .toString(),
                                    source,
                                    graph,
                                    device),
                            progress);
            counts.end();
            System.out.println(written);
        }
        return 0;
    }

    private String writeParquet(ModelDeployment deployment, EmbeddingExport.Source source, LongConsumer progress)
            throws IOException {
        EmbeddingsManifest written = EmbeddingExport.write(deployment, source, out, progress);
        return String.format(
                Locale.ROOT,
                "wrote %d embeddings of width %d to %s (Parquet and %s)",
                written.rows(),
                written.dim(),
                out,
                EmbeddingsManifest.FILE_NAME);
    }

    private String writeTsv(ModelDeployment deployment, List<String> chosen, LongConsumer progress) throws IOException {
        long[] written = {0};
        AtomicFiles.write(out, stream -> {
            OutputStream target = out.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(stream) : stream;
            written[0] = EmbeddingTsv.write(deployment, chosen, target, progress);
            if (target instanceof GZIPOutputStream gzip) {
                gzip.finish();
            }
        });
        return String.format(Locale.ROOT, "wrote %d embeddings of width %d to %s", written[0], deployment.dim(), out);
    }

    private static boolean isTsv(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".tsv") || name.endsWith(".tsv.gz");
    }
}
