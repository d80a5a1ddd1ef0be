# syntax=docker/dockerfile:1
#
# The DiP-GNN service image: one executable jar on a Java 17 runtime, run as an unprivileged user.
#
#   docker build -t dipgnn-service:0.1.0-SNAPSHOT .                                   # CPU natives
#   docker build --build-arg NATIVES=cu124 -t dipgnn-service:0.1.0-SNAPSHOT-cu124 .  # CUDA 12.4
#
# The PyTorch natives are linux-x86_64 only: build and run the image as linux/amd64.
# Checked statically by the packaging tests (src/test/java/com/dipgnn/packaging/DockerfileTest.java)
# and for real by .ci/image-check.sh (CI builds it with podman, runs it and restarts it).
#
# A jar built beforehand (`./mvnw package`) instead of the build stage, for builders that cannot
# reach Maven Central:
#   docker build --build-arg JAR_FROM=prebuilt --build-context jars=target -t dipgnn-service:0.1.0-SNAPSHOT .

# Which PyTorch natives the jar bundles: `cpu` (default) or a GPU profile of pom.xml.
ARG NATIVES=cpu
# The base images. Any Debian or Ubuntu image works as the runtime base: the runtime stage installs
# a Java 17 runtime and curl with apt when the base lacks them (CI uses a Debian root file system
# it makes with debootstrap, since it cannot pull images).
ARG BUILD_BASE=eclipse-temurin:17-jdk-noble
ARG RUNTIME_BASE=eclipse-temurin:17-jre-noble
# Where the jar comes from: `build` (the build stage below) or `prebuilt` (the build context named
# `jars`, a directory holding dipgnn-service-0.1.0-SNAPSHOT.jar).
ARG JAR_FROM=build

# ---------------------------------------------------------------------------------------------
# Build: the Maven Wrapper packages the service (`package` stops before the Spark build and the tests).
FROM ${BUILD_BASE} AS build
ARG NATIVES
WORKDIR /build
COPY . .
# The local repository is a BuildKit cache: dependencies (2.4 GB of CUDA natives for cu124) are
# downloaded once per builder, not once per source change.
RUN --mount=type=cache,target=/root/.m2 \
    case "$NATIVES" in \
      cpu)   profile="" ;; \
      cu124) profile="-Pcu124" ;; \
      cu118) profile="-Pcu118" ;; \
      *) echo "NATIVES must be cpu, cu124 or cu118, not '$NATIVES'" >&2; exit 1 ;; \
    esac \
    && ./mvnw -B -ntp $profile -Dmaven.test.skip=true package

# A jar built beforehand, from the build context named `jars` (used only when JAR_FROM=prebuilt).
FROM scratch AS prebuilt
COPY --from=jars dipgnn-service-0.1.0-SNAPSHOT.jar /build/target/dipgnn-service-0.1.0-SNAPSHOT.jar

FROM ${JAR_FROM} AS jar

# ---------------------------------------------------------------------------------------------
# Runtime: a JRE, curl for the health check, the jar, a non-root user and the data volume.
FROM ${RUNTIME_BASE}
ARG NATIVES
LABEL org.opencontainers.image.title="DiP-GNN Service" \
      org.opencontainers.image.description="Discriminative pre-training, fine-tuning and serving of graph neural networks" \
      com.dipgnn.natives="${NATIVES}"

# Temurin's base ships Java and curl; a plain Debian or Ubuntu base gets them from apt. The build
# fails if either still cannot run (the HEALTHCHECK below depends on curl).
RUN set -eu; \
    missing=""; \
    command -v java >/dev/null || missing="$missing openjdk-17-jre-headless"; \
    command -v curl >/dev/null || missing="$missing curl"; \
    if [ -n "$missing" ]; then \
      apt-get update; \
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing; \
      rm -rf /var/lib/apt/lists/*; \
    fi; \
    java -version 2>&1 | grep -q 'version "17\.'; \
    curl --version >/dev/null; \
    groupadd --system --gid 10001 dipgnn; \
    useradd --system --uid 10001 --gid dipgnn --home-dir /home/dipgnn --create-home \
      --shell /usr/sbin/nologin dipgnn; \
    mkdir -p /data; \
    chown dipgnn:dipgnn /data

# Everything the service writes (database of the embedded profile, model store, data sets,
# checkpoints) lives under DIPGNN_DATA_DIR. PyTorch's natives are unpacked under the user's home
# (~/.djl.ai) at the first start. Heap is half the container's memory: tensors live off-heap.
# THP_MEM_ALLOC_ENABLE: PyTorch asks for transparent huge pages for tensors of 2 MB and more, which makes
# a whole-graph training step on large graphs 1.2 to 2 times faster (docs/performance.md)
ENV DIPGNN_DATA_DIR=/data \
    THP_MEM_ALLOC_ENABLE=1 \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=50 -XX:+ExitOnOutOfMemoryError"

COPY --from=jar /build/target/dipgnn-service-0.1.0-SNAPSHOT.jar /opt/dipgnn/dipgnn-service.jar

USER 10001:10001
WORKDIR /home/dipgnn
VOLUME ["/data"]
EXPOSE 8080

HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
    CMD curl -fsS -o /dev/null "http://127.0.0.1:${SERVER_PORT:-8080}/actuator/health/liveness" || exit 1

# No arguments: the HTTP service. A command (`finetune`, `pretrain`, `bench`, ...) runs the
# command line instead: `docker run --rm IMAGE finetune --help`.
ENTRYPOINT ["java", "-jar", "/opt/dipgnn/dipgnn-service.jar"]
