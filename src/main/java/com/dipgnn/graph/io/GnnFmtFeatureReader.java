package com.dipgnn.graph.io;

import com.dipgnn.graph.DenseFeatures;
import com.dipgnn.graph.NodeFeatures;
import java.nio.file.Path;

/** Reads {@code features/<type>.tsv.gz} of a gnnfmt-1 data set, dense or sparse. */
final class GnnFmtFeatureReader {

    private GnnFmtFeatureReader() {}

    /** The features of {@code type}, which has {@code featureDim > 0}. */
    static NodeFeatures read(Path dir, GnnFmtMeta.NodeType type, InputLimits limits) {
        Path file = dir.resolve("features").resolve(type.name() + ".tsv.gz");
        try (TsvRecordReader reader = TsvRecordReader.open(
                file,
                "the " + (type.sparseFeatures() ? "sparse" : "dense") + " features of type '" + type.name()
                        + "' (feature_dim " + type.featureDim() + " in meta.json)",
                limits)) {
            NodeFeatures features = type.sparseFeatures() ? sparse(reader, type) : dense(reader, type);
            if (reader.linesRead() != type.count()) {
                throw new GraphDataException(
                        file,
                        0,
                        "the file has " + reader.linesRead() + " feature rows",
                        "expected one line per node: " + type.count() + " (count of '" + type.name()
                                + "' in meta.json)");
            }
            return features;
        }
    }

    private static NodeFeatures dense(TsvRecordReader reader, GnnFmtMeta.NodeType type) {
        int dim = type.featureDim();
        long declared = (long) type.count() * dim; // within max-values-per-type: GnnFmtMeta#requireWithin
        reader.limits()
                .requireValues(
                        declared,
                        "the dense features of type " + Excerpt.of(type.name()) + " (" + type.count()
                                + " nodes x feature_dim " + dim + " in meta.json)",
                        reader.file(),
                        0);
        FloatList values = new FloatList(InputLimits.initialCapacity(declared), declared);
        String width = "feature_dim of '" + type.name() + "' in meta.json";
        int n = 0;
        while (reader.next()) {
            checkNotTooMany(reader, n, type);
            reader.requireFieldCount(dim, width);
            for (int j = 0; j < dim; j++) {
                values.add(reader.floatField(j, "feature ", j));
            }
            n++;
        }
        return new DenseFeatures(n, dim, values.toArray());
    }

    private static NodeFeatures sparse(TsvRecordReader reader, GnnFmtMeta.NodeType type) {
        var builder = new SparseFeatureBuilder(
                type.featureDim(), "feature_dim of '" + type.name() + "' in meta.json", type.count(), reader.limits());
        while (reader.next()) {
            checkNotTooMany(reader, builder.rows(), type);
            builder.addRow(reader, 0, reader.chars().length(), '\t');
        }
        if (type.featureNnz() >= 0 && builder.rows() == type.count() && builder.nnz() != type.featureNnz()) {
            throw new GraphDataException(
                    reader.file(),
                    0,
                    "the file holds " + builder.nnz() + " index:value pairs",
                    "expected " + type.featureNnz() + " (feature_nnz of '" + type.name() + "' in meta.json)");
        }
        return builder.build();
    }

    private static void checkNotTooMany(TsvRecordReader reader, int rowsSoFar, GnnFmtMeta.NodeType type) {
        if (rowsSoFar == type.count()) {
            throw reader.error(
                    "the file has more than " + rowsSoFar + " feature rows",
                    "expected one line per node: " + type.count() + " (count of '" + type.name() + "' in meta.json)");
        }
    }
}
