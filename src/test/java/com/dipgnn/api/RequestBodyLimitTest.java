package com.dipgnn.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.testing.TestProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.unit.DataSize;

/** The body limit and the upload gate act before the body is read or the request goes on. */
class RequestBodyLimitTest {

    private final AtomicInteger passed = new AtomicInteger();

    private RequestBodyLimit filter(int uploads) {
        ServiceProperties properties = TestProperties.of(
                Path.of("unused"),
                new ServiceProperties.Datasets(
                        List.of(),
                        DataSize.ofGigabytes(2),
                        false,
                        DataSize.ofGigabytes(1),
                        uploads,
                        ServiceProperties.Limits.DEFAULT));
        return new RequestBodyLimit(properties, new ObjectMapper());
    }

    private static MockHttpServletRequest request(String method, String path, String type, long length) {
        MockHttpServletRequest r = new MockHttpServletRequest(method, path);
        r.setContentType(type);
        r.setContent(new byte[(int) length]); // the mock's Content-Length is its content's
        return r;
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeTheRequestGoesOn() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter(2)
                .doFilter(
                        request("POST", "/api/v1/jobs/finetune", "application/json", 17L << 20),
                        response,
                        (req, res) -> passed.incrementAndGet());
        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentAsString()).contains("request-too-large", "dipgnn.serving.max-request-bytes");
        assertThat(passed).hasValue(0);
    }

    @Test
    void multipartBodiesGoOnlyToTheUploadEndpoint() throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter(2)
                .doFilter(
                        request("POST", "/api/v1/jobs/finetune", "multipart/form-data; boundary=x", 10),
                        response,
                        (req, res) -> passed.incrementAndGet());
        assertThat(response.getStatus()).isEqualTo(415);
        assertThat(response.getContentAsString())
                .contains(
                        "Content-Type multipart/form-data is not accepted here; send application/json",
                        "only POST /api/v1/datasets takes multipart/form-data");
        assertThat(passed).hasValue(0);
        MockHttpServletResponse upload = new MockHttpServletResponse();
        filter(2)
                .doFilter(
                        request("POST", "/api/v1/datasets", "multipart/form-data; boundary=x", 10),
                        upload,
                        (req, res) -> passed.incrementAndGet());
        assertThat(passed).hasValue(1);
    }

    @Test
    void onTheOpenInferenceProtocolBothRefusalsAreItsErrorShape() throws Exception {
        ObjectMapper json = new ObjectMapper();
        for (MockHttpServletRequest request : List.of(
                request("POST", "/v2/models/recs/infer", "application/json", 17L << 20),
                request("POST", "/v2/models/recs/infer", "multipart/form-data; boundary=x", 10),
                request("POST", "/v2", "multipart/form-data; boundary=x", 10))) {
            MockHttpServletResponse response = new MockHttpServletResponse();
            filter(2).doFilter(request, response, (req, res) -> passed.incrementAndGet());
            assertThat(response.getStatus()).isIn(413, 415);
            assertThat(response.getContentType()).startsWith("application/json");
            assertThat(json.readTree(response.getContentAsString()).fieldNames())
                    .toIterable()
                    .containsExactly("error");
        }
        assertThat(passed).hasValue(0);
    }

    @Test
    void anUploadBeyondTheConcurrentOnesIsRefusedBeforeItsBodyIsRead() throws Exception {
        RequestBodyLimit filter = filter(1);
        CountDownLatch receiving = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        FilterChain slow = (req, res) -> {
            receiving.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<?> first = pool.submit(() -> {
                filter.doFilter(
                        request("POST", "/api/v1/datasets", "multipart/form-data; boundary=x", 10),
                        new MockHttpServletResponse(),
                        slow);
                return null;
            });
            assertThat(receiving.await(10, TimeUnit.SECONDS)).isTrue();
            MockHttpServletResponse second = new MockHttpServletResponse();
            filter.doFilter(
                    request("POST", "/api/v1/datasets", "multipart/form-data; boundary=x", 10),
                    second,
                    (req, res) -> passed.incrementAndGet());
            assertThat(second.getStatus()).isEqualTo(503);
            assertThat(second.getHeader("Retry-After")).isEqualTo("30");
            assertThat(second.getContentAsString()).contains("dipgnn.datasets.max-concurrent-uploads");
            assertThat(passed).hasValue(0);
            release.countDown();
            first.get(10, TimeUnit.SECONDS);
            // the permit is back
            filter.doFilter(
                    request("POST", "/api/v1/datasets", "multipart/form-data; boundary=x", 10),
                    new MockHttpServletResponse(),
                    (req, res) -> passed.incrementAndGet());
            assertThat(passed).hasValue(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
