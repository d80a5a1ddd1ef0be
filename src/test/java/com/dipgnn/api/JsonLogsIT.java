package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.testing.ChildJvm;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The service's logs as an operator gets them from the jar: plain lines by default, one JSON object
 * a line with the profile json-logs. The service is started with a setting it refuses
 * ({@code dipgnn.threads=-1}), so that it logs its failure and exits.
 */
class JsonLogsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ChildJvm.Result start(String... extra) throws Exception {
        Path data = Files.createTempDirectory("dipgnn-logs");
        List<String> command = ChildJvm.javaCommand(List.of("-Xmx512m", "-jar", System.getProperty("dipgnn.jar")));
        command.addAll(List.of("--dipgnn.data-dir=" + data, "--dipgnn.threads=-1", "--server.port=0"));
        command.addAll(Arrays.asList(extra));
        return ChildJvm.run(command, env -> {}, 120);
    }

    @Test
    void withTheProfileEveryLogLineIsAJsonObject() throws Exception {
        ChildJvm.Result run = start("--spring.profiles.active=json-logs");

        assertThat(run.exitCode()).as(run.output()).isNotZero();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : run.stderr().split("\n")) {
            if (line.startsWith("{")) {
                lines.add(JSON.readTree(line));
            }
        }
        assertThat(lines).as(run.output()).isNotEmpty();
        assertThat(lines)
                .allSatisfy(l -> assertThat(l.has("@timestamp") && l.path("log").has("level"))
                        .isTrue());
        assertThat(lines).anySatisfy(l -> assertThat(l.path("message").asText()).contains("dipgnn.threads"));
    }

    @Test
    void withoutItTheLinesArePlainText() throws Exception {
        ChildJvm.Result run = start();

        assertThat(run.exitCode()).as(run.output()).isNotZero();
        assertThat(run.stderr()).contains("dipgnn.threads must be 0").doesNotContain("\"@timestamp\"");
    }
}
