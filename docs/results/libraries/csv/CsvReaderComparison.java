package com.dipgnn.graph.io;

import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.BufferedWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * An edge file (src,dst,weight; 5,000,000 records, 66 MB) read and parsed to numbers by the
 * product's CsvRecordReader, FastCSV 4.4.0 and Apache Commons CSV 1.14.1, interleaved, 3 repeats.
 */
public class CsvReaderComparison {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        if (!Files.exists(file)) {
            Random r = new Random(1);
            try (BufferedWriter w = Files.newBufferedWriter(file)) {
                w.write("src,dst,weight\n");
                for (int i = 0; i < 5_000_000; i++) {
                    w.write(r.nextInt(1_000_000) + "," + r.nextInt(1_000_000) + "," + (r.nextInt(1000) / 100f) + "\n");
                }
            }
        }
        System.out.printf("%s: %d MB%n", file, Files.size(file) >> 20);
        for (int rep = 0; rep < 3; rep++) {
            time("own CsvRecordReader", () -> own(file));
            time("FastCSV 4.4.0", () -> fastcsv(file));
            time("Commons CSV 1.14.1", () -> commons(file));
        }
    }

    interface Run { double run() throws Exception; }

    static void time(String name, Run run) throws Exception {
        System.gc();
        long t0 = System.nanoTime();
        double sum = run.run();
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("  %-22s %.2f s  %.1f M records/s  (checksum %.1f)%n", name, s, 5.0 / s, sum);
    }

    static double own(Path file) {
        double sum = 0;
        try (CsvRecordReader in = CsvRecordReader.open(file, "an edge file", InputLimits.DEFAULT)) {
            in.next(); // header
            while (in.next()) {
                sum += in.intField(0, "src") + in.intField(1, "dst") + in.floatField(2, "weight");
            }
        }
        return sum;
    }

    static double fastcsv(Path file) throws Exception {
        double sum = 0;
        try (CsvReader<CsvRecord> in = CsvReader.builder().ofCsvRecord(file)) {
            boolean header = true;
            for (CsvRecord rec : in) {
                if (header) { header = false; continue; }
                sum += Integer.parseInt(rec.getField(0)) + Integer.parseInt(rec.getField(1)) + Float.parseFloat(rec.getField(2));
            }
        }
        return sum;
    }

    static double commons(Path file) throws Exception {
        double sum = 0;
        try (Reader r = Files.newBufferedReader(file)) {
            for (CSVRecord rec : CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get().parse(r)) {
                sum += Integer.parseInt(rec.get(0)) + Integer.parseInt(rec.get(1)) + Float.parseFloat(rec.get(2));
            }
        }
        return sum;
    }
}
