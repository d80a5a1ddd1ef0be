# syntax=docker/dockerfile:1
#
# The DiP-GNN service image: one executable jar on a Java 17 runtime, run as an unprivileged user.
#
#   docker build -t dipgnn-service:0.1.0-SNAPSHOT .                                   # CPU natives
#   docker build --build-arg NATIVES=cu124 -t dipgnn-service:0.1.0-SNAPSHOT-cu124 .  # CUDA 12.4
#
# The PyTorch natives are linux-x86_64 only: build and run the image as linux/amd64.
# Checked statically by the packaging tests (src/test/java/com/dipgnn/packaging/DockerfileTest.java).

# Which PyTorch natives the jar bundles: `cpu` (default) or a GPU profile of pom.xml.
ARG NATIVES=cpu

# ---------------------------------------------------------------------------------------------
# Build: the Maven Wrapper packages the service (`package` stops before the Spark build and the tests).
FROM eclipse-temurin:17-jdk-noble AS build
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

# ---------------------------------------------------------------------------------------------
# Runtime: a JRE, curl for the health check, the jar, a non-root user and the data volume.
FROM eclipse-temurin:17-jre-noble
ARG NATIVES
LABEL org.opencontainers.image.title="DiP-GNN Service" \
      org.opencontainers.image.description="Discriminative pre-training, fine-tuning and serving of graph neural networks" \
      com.dipgnn.natives="${NATIVES}"

# The base image ships curl today; install it if a later base does not, and fail the build if it
# still cannot run (the HEALTHCHECK below depends on it).
RUN set -eux; \
    if ! command -v curl >/dev/null; then \
      apt-get update; \
      DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends curl; \
      rm -rf /var/lib/apt/lists/*; \
    fi; \
    curl --version >/dev/null; \
    groupadd --system --gid 10001 dipgnn; \
    useradd --system --uid 10001 --gid dipgnn --home-dir /home/dipgnn --create-home \
      --shell /usr/sbin/nologin dipgnn; \
    mkdir -p /data; \
    chown dipgnn:dipgnn /data

# Everything the service writes (database of the embedded profile, model store, data sets,
# checkpoints) lives under DIPGNN_DATA_DIR. PyTorch's natives are unpacked under the user's home
# (~/.djl.ai) at the first start. Heap is half the container's memory: tensors live off-heap.
ENV DIPGNN_DATA_DIR=/data \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=50 -XX:+ExitOnOutOfMemoryError"

COPY --from=build /build/target/dipgnn-service-0.1.0-SNAPSHOT.jar /opt/dipgnn/dipgnn-service.jar

USER 10001:10001
WORKDIR /home/dipgnn
VOLUME ["/data"]
EXPOSE 8080

HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
    CMD curl -fsS -o /dev/null "http://127.0.0.1:${SERVER_PORT:-8080}/actuator/health/liveness" || exit 1

# No arguments: the HTTP service. A command (`finetune`, `pretrain`, `bench`, ...) runs the
# command line instead: `docker run --rm IMAGE finetune --help`.
ENTRYPOINT ["java", "-jar", "/opt/dipgnn/dipgnn-service.jar"]
