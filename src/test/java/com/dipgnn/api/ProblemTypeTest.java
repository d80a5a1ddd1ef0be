package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link ProblemType} and docs/service.md's table of problem types list the same kinds with the
 * same statuses; Spring MVC's own errors take a type of the service's by their status.
 */
class ProblemTypeTest {

    private static final Pattern ROW = Pattern.compile("^\\| `([a-z-]+)`(?:, `([a-z-]+)`)? \\| (\\d{3}) \\|");

    @Test
    void theEnumAndTheDocumentedTableAgree() throws Exception {
        Map<String, Integer> documented = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("docs/service.md"))) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                documented.put(m.group(1), Integer.parseInt(m.group(3)));
                if (m.group(2) != null) {
                    documented.put(m.group(2), Integer.parseInt(m.group(3)));
                }
            }
        }
        Map<String, Integer> enumerated = new TreeMap<>();
        for (ProblemType type : ProblemType.values()) {
            enumerated.put(type.kind(), type.status().value());
        }
        assertThat(enumerated).isEqualTo(documented);
    }

    @Test
    void springsOwnErrorsTakeATypeOfTheirStatus() {
        for (int status : new int[] {400, 404, 405, 406, 413, 415, 429, 500, 503}) {
            assertThat(ProblemType.ofStatus(status).status().value())
                    .as("status " + status)
                    .isEqualTo(status);
        }
        assertThat(ProblemType.ofStatus(418)).isEqualTo(ProblemType.INVALID_INPUT);
        assertThat(ProblemType.ofStatus(502)).isEqualTo(ProblemType.INTERNAL);
    }
}
