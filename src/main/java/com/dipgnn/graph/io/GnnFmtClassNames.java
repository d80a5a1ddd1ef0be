package com.dipgnn.graph.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads {@code classes/<type>.tsv} of a gnnfmt-1 data set: the name of each class id. */
final class GnnFmtClassNames {

    private GnnFmtClassNames() {}

    /** The class names of {@code type}, which has {@code numClasses > 0}, indexed by class id. */
    static List<String> read(Path dir, GnnFmtMeta.NodeType type) {
        Path file = dir.resolve("classes").resolve(type.name() + ".tsv");
        try (TsvRecordReader reader = TsvRecordReader.open(
                file,
                "the class names of type '" + type.name() + "' (num_classes " + type.numClasses() + " in meta.json)",
                InputLimits.DEFAULT)) {
            Header header = Header.read(reader, "label, name");
            int labelColumn = header.required("label");
            int nameColumn = header.required("name");
            List<String> names = new ArrayList<>(type.numClasses());
            while (reader.next()) {
                header.checkFieldCount(reader);
                int label = reader.intField(labelColumn, "label");
                if (label != names.size() || label >= type.numClasses()) {
                    throw reader.error(
                            "class " + label + " on the row of class " + names.size(),
                            "expected the classes 0.." + (type.numClasses() - 1) + " in order");
                }
                names.add(reader.text(nameColumn));
            }
            if (names.size() != type.numClasses()) {
                throw new GraphDataException(
                        file,
                        0,
                        "the file names " + names.size() + " classes",
                        "expected " + type.numClasses() + " (num_classes of '" + type.name() + "' in meta.json)");
            }
            return List.copyOf(names);
        }
    }
}
