package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import com.dipgnn.store.AllowedRoots;
import com.dipgnn.store.ModelManifest;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.PathRefusedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The embeddings of every node of a graph, computed by the Spark batch job (module {@code spark},
 * {@code docs/batch-embeddings.md}) and read back for a deployment, which then serves them instead
 * of computing its own.
 *
 * <p>{@link #read} accepts them only when they belong to the model and graph being deployed: the
 * manifest's model fingerprint is the model directory's, its graph fingerprint the graph's, the
 * width is the model's hidden width, and the Parquet files hold every node of every type exactly
 * once, with finite values no larger in magnitude than {@link Checks#maxMagnitude()}. Anything else
 * is an {@link InvalidEmbeddingsException} that names the file and the fix; nothing is half-read.
 *
 * <p>Every byte served is the producer's: the directory is checked with {@link AllowedRoots} (under
 * the allowed roots, no link leading out) right before reading, and the Parquet files must be
 * exactly those the manifest lists ({@link EmbeddingsManifest#files()}), each of the size, SHA-256
 * and rows recorded when it was written; a file not listed, a listed file missing or one that
 * differs is refused by name. A manifest written before checksums existed is read with a warning.
 *
 * <p>The Parquet files are read without Hadoop (parquet's java.nio {@link LocalInputFile}):
 * uncompressed, Snappy (Spark's default) or GZIP column chunks.
 */
public final class PrecomputedEmbeddings {

    private static final int MAX_LISTED = 5;
    private static final System.Logger LOG = System.getLogger(PrecomputedEmbeddings.class.getName());

    /**
     * Default largest magnitude of a served value: the embeddings of these models are of order 1 to
     * 100 (normalised inputs, layer norm), so 10^6 leaves four orders of margin and still refuses
     * the huge finite values (such as 3e38) that one flipped exponent bit makes.
     */
    public static final double DEFAULT_MAX_MAGNITUDE = 1e6;

    /**
     * How the files are checked beyond the manifest.
     *
     * @param roots where the embeddings directory may lie and what links in it may reach
     * @param maxMagnitude the largest absolute value an embedding may hold
     *     ({@code dipgnn.serving.max-embedding-magnitude} in the service)
     */
    public record Checks(AllowedRoots roots, double maxMagnitude) {
        public Checks {
            if (!(maxMagnitude > 0)) {
                throw new IllegalArgumentException(
                        "the largest embedding magnitude must be positive; got " + maxMagnitude);
            }
        }

        /** Links may not leave {@code directory} itself; the default bound. */
        public static Checks within(Path directory) {
            return new Checks(AllowedRoots.within(directory, "the embeddings directory itself"), DEFAULT_MAX_MAGNITUDE);
        }
    }

    private final Path directory;
    private final EmbeddingsManifest manifest;
    private final Map<String, float[]> embeddings;

    private PrecomputedEmbeddings(Path directory, EmbeddingsManifest manifest, Map<String, float[]> embeddings) {
        this.directory = directory;
        this.manifest = manifest;
        this.embeddings = embeddings;
    }

    /**
     * Reads and checks the batch job's output in {@code directory} against a model and its graph.
     *
     * @param modelDir the model directory being deployed
     * @param modelId the model's name in messages (its version id in the service), or null
     * @param rawGraph the graph the model is deployed on, as loaded (before text inputs or normalisation)
     * @throws InvalidEmbeddingsException when the embeddings do not belong to this model and graph, or are damaged
     * @throws IOException when the model directory cannot be read
     */
    public static PrecomputedEmbeddings read(Path directory, Path modelDir, String modelId, HeteroGraph rawGraph)
            throws IOException {
        return read(directory, modelDir, modelId, rawGraph, Checks.within(directory));
    }

    /**
     * {@link #read(Path, Path, String, HeteroGraph)} with the given checks.
     *
     * @throws InvalidEmbeddingsException as there, and when the directory is outside {@code checks}'
     *     roots or holds a link leaving them
     */
    public static PrecomputedEmbeddings read(
            Path given, Path modelDir, String modelId, HeteroGraph rawGraph, Checks checks) throws IOException {
        String model = modelId != null ? "model '" + modelId + "'" : "model " + modelDir;
        if (!Files.isDirectory(given)) {
            throw new InvalidEmbeddingsException("'" + given + "' is not a directory; give the output directory "
                    + "of the batch embedding job (com.dipgnn.spark.BatchEmbeddings --output)");
        }
        Path directory;
        try {
            directory = checks.roots().directory(given, "the embeddings directory");
        } catch (PathRefusedException e) {
            throw new InvalidEmbeddingsException(e.getMessage(), e);
        }
        EmbeddingsManifest manifest = readManifest(directory);
        ModelManifest modelManifest = ModelStore.readManifest(modelDir);
        String fingerprint = ModelStore.fingerprint(modelDir);
        if (!fingerprint.equals(manifest.modelFingerprint())) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " were computed with model '"
                    + manifest.modelId() + "' (fingerprint " + manifest.modelFingerprint() + "), not with " + model
                    + " (fingerprint " + fingerprint + "); run the batch job with --model set to " + model
                    + "'s directory, or deploy model '" + manifest.modelId() + "' with them");
        }
        if (manifest.dim() != modelManifest.hidden()) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " have width " + manifest.dim()
                    + " but " + model + " has hidden width " + modelManifest.hidden()
                    + "; the files are not from this model's batch job: run it again");
        }
        if (!rawGraph.fingerprint().equals(manifest.graphFingerprint())) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " were computed on graph '"
                    + manifest.graphSource() + "' (fingerprint " + manifest.graphFingerprint() + ") but " + model
                    + " is deployed on graph '" + rawGraph.name() + "' (fingerprint " + rawGraph.fingerprint()
                    + "); run the batch job with --graph set to the data set the model was trained on");
        }
        Map<String, Long> expected = new LinkedHashMap<>();
        rawGraph.nodeTypes().forEach(t -> expected.put(t, (long) rawGraph.numNodes(t)));
        if (!expected.equals(manifest.nodeCounts())) {
            throw new InvalidEmbeddingsException("the manifest " + directory.resolve(EmbeddingsManifest.FILE_NAME)
                    + " lists nodes per type " + manifest.nodeCounts() + " but the graph has " + expected
                    + "; run the batch job again on this graph");
        }
        Map<Path, Long> files = DataFiles.verified(directory, manifest);
        if (manifest.files() == null) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "The embeddings manifest " + directory.resolve(EmbeddingsManifest.FILE_NAME)
                            + " records no checksums (written before they existed): its " + files.size()
                            + " Parquet files are "
                            + "read unverified; run the embed job again to have them verified");
        }
        return new PrecomputedEmbeddings(
                directory,
                manifest,
                new Reader(directory, rawGraph, manifest.dim(), checks.maxMagnitude()).readAll(files));
    }

    /** Whether the files were verified against checksums in the manifest (false for a manifest from before them). */
    public boolean verified() {
        return manifest.files() != null;
    }

    public Path directory() {
        return directory;
    }

    public EmbeddingsManifest manifest() {
        return manifest;
    }

    /** Nodes embedded (all nodes of the graph). */
    public long rows() {
        return manifest.rows();
    }

    /**
     * The embeddings per type ({@code numNodes x dim}, row-major, row = node id) for a deployment of
     * {@code graph}; checks again that they cover it with width {@code dim}.
     */
    Map<String, float[]> embeddingsFor(HeteroGraph graph, int dim) {
        if (dim != manifest.dim()) {
            throw new InvalidEmbeddingsException("the embeddings in " + directory + " have width " + manifest.dim()
                    + " but the model's hidden width is " + dim);
        }
        for (String type : graph.nodeTypes()) {
            float[] values = embeddings.get(type);
            if (values == null || values.length != (long) graph.numNodes(type) * dim) {
                throw new InvalidEmbeddingsException("the embeddings in " + directory + " do not cover the "
                        + graph.numNodes(type) + " nodes of type '" + type + "'");
            }
        }
        return embeddings;
    }

    private static EmbeddingsManifest readManifest(Path directory) {
        Path file = directory.resolve(EmbeddingsManifest.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            throw new InvalidEmbeddingsException(directory + " has no " + EmbeddingsManifest.FILE_NAME + ": it is not "
                    + "the output of the batch embedding job, or the job did not finish (the manifest is written "
                    + "last); run the job again into a new directory");
        }
        EmbeddingsManifest manifest;
        try (InputStream in = Files.newInputStream(file)) {
            manifest = EmbeddingsManifest.read(in);
        } catch (IOException e) {
            throw new InvalidEmbeddingsException(
                    file + " is not a valid embeddings manifest (" + manifestProblem(e)
                            + "); run the batch job again into a new directory",
                    e);
        }
        if (!EmbeddingsManifest.FORMAT.equals(manifest.format())) {
            throw new InvalidEmbeddingsException(file + " has format '" + manifest.format() + "'; this service reads "
                    + EmbeddingsManifest.FORMAT + ": run the batch job of this release");
        }
        if (manifest.modelFingerprint() == null
                || manifest.graphFingerprint() == null
                || manifest.nodeCounts() == null
                || manifest.dim() < 1) {
            throw new InvalidEmbeddingsException(file + " lacks the model fingerprint, graph fingerprint, node counts "
                    + "or width; run the batch job again into a new directory");
        }
        return manifest;
    }

    /** Where a manifest does not parse, in plain words (JSON location and property; no class names). */
    private static String manifestProblem(IOException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m
                && !m.getPath().isEmpty()) {
            String property = m.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                    .collect(Collectors.joining("."));
            return "property '" + property + "' has a value of the wrong kind";
        }
        if (e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null) {
            return "not valid JSON at line " + j.getLocation().getLineNr() + ", column "
                    + j.getLocation().getColumnNr();
        }
        return DataFiles.plain(e);
    }

    /** Reads the data files into per-type arrays, checking each row. */
    private static final class Reader {
        private final Path directory;
        private final int dim;
        private final double maxMagnitude;
        private final Map<String, float[]> values = new LinkedHashMap<>();
        private final Map<String, BitSet> seen = new LinkedHashMap<>();
        private final Map<String, Integer> counts = new LinkedHashMap<>();
        private Path file;
        private long row;

        Reader(Path directory, HeteroGraph graph, int dim, double maxMagnitude) {
            this.directory = directory;
            this.dim = dim;
            this.maxMagnitude = maxMagnitude;
            for (String type : graph.nodeTypes()) {
                int n = graph.numNodes(type);
                values.put(type, new float[Math.multiplyExact(n, dim)]);
                seen.put(type, new BitSet(n));
                counts.put(type, n);
            }
        }

        /** Reads {@code files}, each with the rows recorded for it (null: not recorded). */
        Map<String, float[]> readAll(Map<Path, Long> files) {
            for (Map.Entry<Path, Long> f : files.entrySet()) {
                file = f.getKey();
                readFile();
                if (f.getValue() != null && row != f.getValue()) {
                    throw new InvalidEmbeddingsException(
                            "the embeddings file " + name() + " holds " + row + " rows but "
                                    + "the manifest records " + f.getValue() + "; it is not the file the job wrote: "
                                    + DataFiles.FIX);
                }
            }
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                BitSet s = seen.get(e.getKey());
                int missing = e.getValue() - s.cardinality();
                if (missing > 0) {
                    List<Integer> first = new ArrayList<>();
                    for (int id = s.nextClearBit(0);
                            id < e.getValue() && first.size() < MAX_LISTED;
                            id = s.nextClearBit(id + 1)) {
                        first.add(id);
                    }
                    throw new InvalidEmbeddingsException("the Parquet files in " + directory + " lack " + missing
                            + " of the " + e.getValue() + " nodes of type '" + e.getKey() + "' (first: ids " + first
                            + "); a part file was lost or the files come from another graph: run the batch job again");
                }
            }
            return values;
        }

        private void readFile() {
            ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                    .withCodecFactory(new ParquetCodecs())
                    .build();
            try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file), options)) {
                MessageType schema = reader.getFooter().getFileMetaData().getSchema();
                MessageType requested = requestedSchema(schema);
                reader.setRequestedSchema(requested);
                MessageColumnIO io = new ColumnIOFactory().getColumnIO(requested);
                RowConverter converter = new RowConverter(requested);
                RecordMaterializer<Void> materializer = new RecordMaterializer<>() {
                    @Override
                    public Void getCurrentRecord() {
                        return null;
                    }

                    @Override
                    public GroupConverter getRootConverter() {
                        return converter;
                    }
                };
                row = 0;
                PageReadStore pages;
                while ((pages = reader.readNextRowGroup()) != null) {
                    RecordReader<Void> records = io.getRecordReader(pages, materializer);
                    for (long i = 0, n = pages.getRowCount(); i < n; i++) {
                        records.read();
                        accept(converter);
                        row++;
                    }
                }
            } catch (InvalidEmbeddingsException e) {
                throw e;
            } catch (IOException | RuntimeException e) {
                throw new InvalidEmbeddingsException(
                        "the embeddings file " + name() + " is not a readable Parquet "
                                + "file: " + DataFiles.unreadable(file, e)
                                + "; write it again with the batch job (its default "
                                + "compression is snappy; this service reads uncompressed, snappy and gzip files)",
                        e);
            }
        }

        /** The file being read, by its name in the embeddings directory. */
        private String name() {
            return directory.relativize(file).toString();
        }

        private MessageType requestedSchema(MessageType schema) {
            List<Type> fields = new ArrayList<>();
            fields.add(field(schema, EmbeddingsManifest.NODE_TYPE));
            fields.add(field(schema, EmbeddingsManifest.NODE_ID));
            fields.add(field(schema, EmbeddingsManifest.EMBEDDING));
            Type type = fields.get(0);
            Type id = fields.get(1);
            if (!type.isPrimitive() || type.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.BINARY) {
                throw badSchema("column " + EmbeddingsManifest.NODE_TYPE + " must be a string", schema);
            }
            if (!id.isPrimitive() || id.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.INT32) {
                throw badSchema("column " + EmbeddingsManifest.NODE_ID + " must be an int", schema);
            }
            EmbeddingConverter.elementOf(fields.get(2), this, schema);
            return new MessageType(schema.getName(), fields);
        }

        private Type field(MessageType schema, String name) {
            if (!schema.containsField(name)) {
                throw badSchema("column " + name + " is missing", schema);
            }
            return schema.getType(name);
        }

        InvalidEmbeddingsException badSchema(String what, MessageType schema) {
            return new InvalidEmbeddingsException("the embeddings file " + name() + " does not have the batch job's "
                    + "columns: " + what
                    + " (node_type string, node_id int, embedding array<float>; the file has "
                    + schema.toString().replace('\n', ' ').replaceAll(" +", " ") + "); write it with the batch job");
        }

        private void accept(RowConverter r) {
            if (r.type == null || !r.hasId || !r.embedding.present) {
                throw rowError("has a null "
                        + (r.type == null
                                ? EmbeddingsManifest.NODE_TYPE
                                : !r.hasId ? EmbeddingsManifest.NODE_ID : EmbeddingsManifest.EMBEDDING));
            }
            float[] typeValues = values.get(r.type);
            if (typeValues == null) {
                throw rowError("is about node type '" + r.type + "', which the graph does not have (its types are "
                        + values.keySet() + "); the files come from another graph: run the batch job on this one");
            }
            int count = counts.get(r.type);
            if (r.id < 0 || r.id >= count) {
                throw rowError("has node_id " + r.id + " but the ids of type '" + r.type + "' are 0.." + (count - 1)
                        + "; the files come from another graph: run the batch job on this one");
            }
            if (r.embedding.nullElement) {
                throw rowError("has a null value in the embedding of node " + r.id + " of type '" + r.type + "'");
            }
            if (r.embedding.size != dim) {
                throw rowError("has an embedding of " + r.embedding.size + " values for node " + r.id + " of type '"
                        + r.type + "' but the model's width is " + dim + "; the files come from another model");
            }
            BitSet s = seen.get(r.type);
            if (s.get(r.id)) {
                throw rowError("repeats node " + r.id + " of type '" + r.type + "' (every node must appear exactly "
                        + "once); keep only the output of one run of the batch job in the directory");
            }
            for (int j = 0; j < dim; j++) {
                float v = r.embedding.values[j];
                if (!Float.isFinite(v)) {
                    throw rowError("has a non-finite value (" + v + ") in the embedding of node " + r.id + " of type '"
                            + r.type + "'; the file is damaged or the model diverged: " + DataFiles.FIX);
                }
                if (Math.abs(v) > maxMagnitude) {
                    throw rowError("has the value " + v + " in the embedding of node " + r.id + " of type '" + r.type
                            + "', beyond the largest magnitude served, " + maxMagnitude + " (the setting "
                            + "dipgnn.serving.max-embedding-magnitude); the file is damaged: " + DataFiles.FIX
                            + ", or raise that setting if the model's embeddings are that large");
                }
            }
            s.set(r.id);
            System.arraycopy(r.embedding.values, 0, typeValues, r.id * dim, dim);
        }

        private InvalidEmbeddingsException rowError(String what) {
            return new InvalidEmbeddingsException(
                    "the embeddings file " + name() + ", row " + row + ": the row " + what);
        }

        /** One row: the node type, the id and the embedding, as the record reader delivers them. */
        private final class RowConverter extends GroupConverter {
            String type;
            boolean hasId;
            int id;
            final EmbeddingConverter embedding;
            private final Converter typeConverter = new PrimitiveConverter() {
                private Binary last;
                private String lastString;

                @Override
                public void addBinary(Binary value) {
                    if (!value.equals(last)) {
                        last = value.copy();
                        lastString = value.toStringUsingUTF8();
                    }
                    type = lastString;
                }
            };
            private final Converter idConverter = new PrimitiveConverter() {
                @Override
                public void addInt(int value) {
                    id = value;
                    hasId = true;
                }
            };

            RowConverter(MessageType requested) {
                this.embedding = new EmbeddingConverter(requested.getType(2), dim);
            }

            @Override
            public Converter getConverter(int fieldIndex) {
                return switch (fieldIndex) {
                    case 0 -> typeConverter;
                    case 1 -> idConverter;
                    default -> embedding;
                };
            }

            @Override
            public void start() {
                type = null;
                hasId = false;
                embedding.reset();
            }

            @Override
            public void end() {}
        }
    }

    /**
     * The embedding column: a Parquet LIST of floats, in the standard three-level form Spark writes
     * ({@code group (LIST) { repeated group list { float element } }}) or the legacy two-level one
     * ({@code group (LIST) { repeated float array }}).
     */
    private static final class EmbeddingConverter extends GroupConverter {
        final float[] values;
        int size;
        boolean present;
        boolean nullElement;
        private final Converter child;

        EmbeddingConverter(Type column, int dim) {
            this.values = new float[dim];
            PrimitiveConverter element = new PrimitiveConverter() {
                @Override
                public void addFloat(float value) {
                    if (size < values.length) {
                        values[size] = value;
                    }
                    size++;
                }
            };
            Type repeated = column.asGroupType().getType(0);
            if (repeated.isPrimitive()) {
                child = element;
            } else {
                child = new GroupConverter() {
                    private int before;

                    @Override
                    public Converter getConverter(int fieldIndex) {
                        return element;
                    }

                    @Override
                    public void start() {
                        before = size;
                    }

                    @Override
                    public void end() {
                        if (size == before) {
                            nullElement = true;
                            size++;
                        }
                    }
                };
            }
        }

        /** Checks that {@code column} is a list of floats, in either form. */
        static void elementOf(Type column, Reader reader, MessageType schema) {
            String bad = "column " + EmbeddingsManifest.EMBEDDING + " must be an array of floats";
            if (column.isPrimitive()) {
                throw reader.badSchema(bad, schema);
            }
            GroupType list = column.asGroupType();
            if (list.getFieldCount() != 1 || !list.getType(0).isRepetition(Type.Repetition.REPEATED)) {
                throw reader.badSchema(bad, schema);
            }
            Type repeated = list.getType(0);
            Type element = repeated;
            if (!repeated.isPrimitive()) {
                GroupType group = repeated.asGroupType();
                if (group.getFieldCount() != 1) {
                    throw reader.badSchema(bad, schema);
                }
                element = group.getType(0);
            }
            if (!element.isPrimitive() || element.asPrimitiveType().getPrimitiveTypeName() != PrimitiveTypeName.FLOAT) {
                throw reader.badSchema(bad, schema);
            }
        }

        void reset() {
            size = 0;
            present = false;
            nullElement = false;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return child;
        }

        @Override
        public void start() {
            present = true;
        }

        @Override
        public void end() {}
    }
}
