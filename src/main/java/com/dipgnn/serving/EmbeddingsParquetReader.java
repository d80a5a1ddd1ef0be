package com.dipgnn.serving;

import com.dipgnn.graph.HeteroGraph;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * Reads the Parquet data files of {@link PrecomputedEmbeddings} into per-type arrays, checking each
 * row: a known node type, an id in range and seen once, an embedding of the manifest's width with
 * finite values no larger in magnitude than the bound; and, at the end, that every node was seen.
 */
final class EmbeddingsParquetReader {

    private static final int MAX_LISTED = 5;

    private final Path directory;
    private final int dim;
    private final double maxMagnitude;
    private final Map<String, float[]> values = new LinkedHashMap<>();
    private final Map<String, BitSet> seen = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new LinkedHashMap<>();
    private Path file;
    private long row;

    EmbeddingsParquetReader(Path directory, HeteroGraph graph, int dim, double maxMagnitude) {
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
                throw new InvalidEmbeddingsException("the embeddings file " + name() + " holds " + row + " rows but "
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
        return new InvalidEmbeddingsException("the embeddings file " + name() + ", row " + row + ": the row " + what);
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
        static void elementOf(Type column, EmbeddingsParquetReader reader, MessageType schema) {
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
