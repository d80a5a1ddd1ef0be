package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.packaging.Dockerfile.Instruction;
import com.dipgnn.packaging.Dockerfile.Stage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Dockerfile builds and runs what the root project really builds, safely. */
class DockerfileTest {

    static final Dockerfile DOCKERFILE = Dockerfile.parse(Project.read(Project.DOCKERFILE));

    /** The numeric uid the image runs as (also what the Kubernetes pods must run as). */
    static int imageUid() {
        String user =
                DOCKERFILE.finalStage().last("USER").orElseThrow().arguments().trim();
        return Integer.parseInt(user.split(":")[0]);
    }

    /** DIPGNN_DATA_DIR as the image sets it. */
    static String imageDataDir() {
        return DOCKERFILE.finalStage().env().get("DIPGNN_DATA_DIR");
    }

    /** The ports the image EXPOSEs. */
    static List<Integer> exposedPorts() {
        return DOCKERFILE.finalStage().all("EXPOSE").stream()
                .flatMap(e -> List.of(e.arguments().trim().split("\\s+")).stream())
                .map(p -> Integer.parseInt(p.replace("/tcp", "")))
                .toList();
    }

    @Test
    void hasABuildStageAndAJava17RuntimeStage() {
        assertThat(DOCKERFILE.stages).hasSizeGreaterThanOrEqualTo(2);
        Stage build = DOCKERFILE.stage("build");
        assertThat(DOCKERFILE.defaultImage(build)).matches("eclipse-temurin:17-jdk.*");
        assertThat(DOCKERFILE.defaultImage(DOCKERFILE.finalStage())).matches("eclipse-temurin:17-jre.*");
        assertThat(DOCKERFILE.finalStage()).isNotSameAs(build);
    }

    @Test
    void buildsTheServiceWithTheWrapperFromTheRepository() {
        Stage build = DOCKERFILE.stage("build");
        String workdir = build.last("WORKDIR").orElseThrow().arguments().trim();
        assertThat(build.all("COPY")).extracting(Instruction::arguments).contains(". .");

        String mvnw = mavenCommand(build);
        // `package`, not `verify`: the Spark build (integration-test phase) stays out of the image
        assertThat(mvnw).contains(" package").doesNotContain("verify").doesNotContain("-pl ");
        assertThat(workdir).isEqualTo("/build");
    }

    @Test
    void copiesTheExecutableJarThatTheServiceModuleBuildsAndRunsIt() {
        String jar = Project.serviceJar(); // target/dipgnn-service-0.1.0-SNAPSHOT.jar
        String workdir = DOCKERFILE
                .stage("build")
                .last("WORKDIR")
                .orElseThrow()
                .arguments()
                .trim();
        Stage runtime = DOCKERFILE.finalStage();

        // the runtime copies from the stage `jar`, which is the build stage unless JAR_FROM says otherwise
        assertThat(DOCKERFILE.defaultImage(DOCKERFILE.stage("jar"))).isEqualTo("build");
        List<String[]> copies = runtime.all("COPY").stream()
                .filter(c -> c.arguments().startsWith("--from=jar "))
                .map(c -> c.arguments().substring("--from=jar ".length()).trim().split("\\s+"))
                .toList();
        assertThat(copies).as("COPY --from=jar in the runtime stage").hasSize(1);
        String source = copies.get(0)[0];
        String target = copies.get(0)[1];
        assertThat(source).isEqualTo(workdir + "/" + jar).doesNotContain("-engine");
        // a jar built beforehand lands at the same path
        String prebuilt = DOCKERFILE
                .stage("prebuilt")
                .last("COPY")
                .orElseThrow()
                .arguments()
                .trim();
        assertThat(prebuilt.split("\\s+"))
                .containsExactly("--from=jars", Path.of(jar).getFileName().toString(), source);

        List<String> entrypoint = runtime.last("ENTRYPOINT").orElseThrow().execForm();
        assertThat(entrypoint).containsSubsequence("java", "-jar", target);
        assertThat(entrypoint.get(entrypoint.indexOf("-jar") + 1)).isEqualTo(target);
    }

    @Test
    void aPlainDebianBaseGetsJavaAndCurlAndTheImageCheckUsesArgumentsTheDockerfileHas() {
        // the runtime stage installs what a Debian base lacks, and checks that it runs
        String runs = DOCKERFILE.finalStage().runs();
        assertThat(runs)
                .contains("command -v java")
                .contains("openjdk-17-jre-headless")
                .contains("java -version")
                .contains("command -v curl");
        // CI's image check (.ci/image-check.sh) builds with build arguments and a context that exist here
        String check = Project.read(Path.of(".ci/image-check.sh"));
        Map<String, String> args = DOCKERFILE.globalArgs();
        Matcher buildArg = Pattern.compile("--build-arg (\\w+)=").matcher(check);
        List<String> used = new ArrayList<>();
        while (buildArg.find()) {
            used.add(buildArg.group(1));
        }
        assertThat(used).containsExactlyInAnyOrder("RUNTIME_BASE", "JAR_FROM");
        assertThat(args).containsKeys(used.toArray(String[]::new));
        assertThat(check)
                .contains("JAR_FROM=prebuilt")
                .contains("--build-context jars=")
                .contains("--format docker"); // the OCI format would drop the HEALTHCHECK it waits for
        DOCKERFILE.stage("prebuilt");
    }

    @Test
    void runsAsANonRootUserThatItCreates() {
        Stage runtime = DOCKERFILE.finalStage();
        Instruction user = runtime.last("USER").orElseThrow(() -> new AssertionError("no USER in the runtime stage"));
        // nothing after USER switches back
        assertThat(runtime.instructions()
                        .subList(
                                runtime.instructions().indexOf(user) + 1,
                                runtime.instructions().size()))
                .extracting(Instruction::keyword)
                .doesNotContain("USER");
        String[] ids = user.arguments().trim().split(":");
        assertThat(ids[0]).as("numeric, so that runAsNonRoot can verify it").matches("\\d+");
        assertThat(Integer.parseInt(ids[0])).isGreaterThan(0);
        assertThat(runtime.runs()).contains("useradd").contains("--uid " + ids[0]);
        if (ids.length > 1) {
            assertThat(Integer.parseInt(ids[1])).isGreaterThan(0);
            assertThat(runtime.runs()).contains("--gid " + ids[1]);
        }
    }

    @Test
    void exposesTheServicePort() {
        assertThat(exposedPorts()).containsExactly(Project.appPort());
        assertThat(Project.actuatorPort())
                .as("the actuator shares the HTTP port")
                .isEqualTo(Project.appPort());
    }

    @Test
    void healthCheckAsksTheLivenessProbeWithAToolTheImageHas() {
        assertThat(Project.probesEnabled())
                .as("management.endpoint.health.probes.enabled")
                .isTrue();
        Stage runtime = DOCKERFILE.finalStage();
        String healthcheck = runtime.last("HEALTHCHECK").orElseThrow().arguments();
        assertThat(healthcheck).contains(" CMD ");
        String command = healthcheck.substring(healthcheck.indexOf(" CMD ") + 5).trim();

        Matcher url = Pattern.compile("https?://(127\\.0\\.0\\.1|localhost):(\\S+?)(/[^\\s\"']*)")
                .matcher(command);
        assertThat(url.find()).as("a local URL in " + command).isTrue();
        String port = url.group(2);
        if (port.startsWith("${")) {
            Matcher fallback = Pattern.compile("\\$\\{\\w+:-(\\d+)}").matcher(port);
            assertThat(fallback.matches()).as("a ${VAR:-default} port: " + port).isTrue();
            port = fallback.group(1);
        }
        assertThat(Integer.parseInt(port)).isEqualTo(Project.actuatorPort());
        assertThat(url.group(3)).isEqualTo(Project.actuatorBasePath() + "/health/liveness");

        String tool = command.split("\\s+")[0];
        assertThat(tool).isEqualTo("curl");
        assertThat(command).contains("-f"); // an HTTP error status fails the check
        // the runtime stage makes sure the tool exists: the build fails otherwise
        assertThat(runtime.runs()).contains(tool + " --version");
    }

    @Test
    void theDataDirectoryIsAVolumeOwnedByTheUser() {
        Stage runtime = DOCKERFILE.finalStage();
        String dataDir = imageDataDir();
        assertThat(dataDir).isNotBlank().startsWith("/");
        List<String> volumes = runtime.all("VOLUME").stream()
                .flatMap(v -> v.execForm().stream())
                .toList();
        assertThat(volumes).containsExactly(dataDir);

        // created and handed to the user before the VOLUME line (later changes would be lost)
        int volumeAt = runtime.instructions().indexOf(runtime.last("VOLUME").orElseThrow());
        String runsBefore = String.join(
                "\n",
                runtime.instructions().subList(0, volumeAt).stream()
                        .filter(i -> i.keyword().equals("RUN"))
                        .map(Instruction::arguments)
                        .toList());
        assertThat(runsBefore).contains("mkdir -p " + dataDir).containsPattern("chown \\S+ " + Pattern.quote(dataDir));
    }

    @Test
    void theNativesArgumentSelectsAMavenProfileOfTheService() {
        Map<String, String> global = new LinkedHashMap<>();
        DOCKERFILE.beforeFirstStage.stream()
                .filter(i -> i.keyword().equals("ARG"))
                .forEach(i -> global.putAll(Dockerfile.keyValues(i.arguments())));
        assertThat(global).containsEntry("NATIVES", "cpu");
        Stage build = DOCKERFILE.stage("build");
        assertThat(build.all("ARG")).extracting(Instruction::arguments).contains("NATIVES");

        // case "$NATIVES" in  cpu) profile="" ;;  cu124) profile="-Pcu124" ;; ...
        String run = build.all("RUN").stream()
                .map(Instruction::arguments)
                .filter(r -> r.contains("case \"$NATIVES\" in"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no case on $NATIVES in the build stage"));
        Map<String, String> arms = new LinkedHashMap<>();
        Matcher arm = Pattern.compile("(\\w+)\\)\\s+profile=\"([^\"]*)\"").matcher(run);
        while (arm.find()) {
            arms.put(arm.group(1), arm.group(2));
        }
        assertThat(arms).containsEntry("cpu", "").containsEntry("cu124", "-Pcu124");
        arms.forEach((natives, flag) -> {
            if (!flag.isEmpty()) {
                assertThat(flag).isEqualTo("-P" + natives);
                assertThat(Project.serviceProfiles()).as("profiles of pom.xml").contains(natives);
            }
        });
        assertThat(run).as("anything else fails the build").containsPattern("\\*\\)((?!;;).)*exit 1");
        assertThat(mavenCommand(build)).contains("$profile");
    }

    @Test
    void theBuildContextKeepsTheBuildInputsAndLeavesOutOutputs() {
        DockerIgnore ignore = new DockerIgnore(Project.read(Project.DOCKERIGNORE));

        List<String> needed = List.of(
                "mvnw",
                ".mvn/wrapper/maven-wrapper.properties",
                "pom.xml",
                "src/main/java/com/dipgnn/Main.java",
                "src/main/resources/application.yml",
                "src/main/resources/db/migration",
                "src/engine/pom.xml"); // `package` writes the engine jar's pom from it
        assertThat(needed)
                .allSatisfy(
                        p -> assertThat(ignore.excludes(p)).as(p + " excluded").isFalse());

        assertThat(List.of(
                        ".git/HEAD",
                        Project.serviceJar(),
                        "target/classes",
                        "dipgnn-data/db",
                        "spark/pom.xml",
                        "src/test/java/com/dipgnn/packaging/DockerfileTest.java",
                        "docs/service.md"))
                .allSatisfy(
                        p -> assertThat(ignore.excludes(p)).as(p + " excluded").isTrue());
    }

    @Test
    void theIgnoreRulesAreReadLikeDockerReadsThem() {
        DockerIgnore ignore = new DockerIgnore("**/target\n*.md\n!README.md\ndocs/\n");
        assertThat(ignore.excludes("spark/target/x.jar")).isTrue();
        assertThat(ignore.excludes("target")).isTrue();
        assertThat(ignore.excludes("NOTES.md")).isTrue();
        assertThat(ignore.excludes("README.md")).isFalse();
        assertThat(ignore.excludes("spark/NOTES.md")).isFalse(); // `*` stays in one directory
        assertThat(ignore.excludes("docs/service.md")).isTrue();
        assertThat(ignore.excludes("spark/src/targets.txt")).isFalse();
    }

    private static String mavenCommand(Stage build) {
        return build.all("RUN").stream()
                .map(Instruction::arguments)
                .filter(r -> r.contains("./mvnw "))
                .map(r -> r.substring(r.indexOf("./mvnw ")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no ./mvnw in the build stage"));
    }
}
