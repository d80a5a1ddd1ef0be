package com.dipgnn.api;

import com.dipgnn.config.ServiceProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds the body of every request but uploads ({@code multipart/form-data}, bounded by
 * {@code dipgnn.datasets.upload-max-bytes}) to {@code dipgnn.serving.max-request-bytes}: a larger
 * declared length is refused with 413 before anything is read, and a body that grows past the
 * limit as it streams (chunked) is cut off there, so no JSON body can fill the heap.
 */
@Component
@org.springframework.core.annotation.Order(org.springframework.core.Ordered.HIGHEST_PRECEDENCE + 20)
public class RequestBodyLimit extends OncePerRequestFilter {

    /** The one endpoint that takes multipart bodies: data set uploads. */
    static final String UPLOAD_PATH = "/api/v1/datasets";

    private final long maxBytes;
    private final ObjectMapper json;
    private final Uploads uploads;

    public RequestBodyLimit(ServiceProperties properties, ObjectMapper json) {
        this.maxBytes = properties.serving().maxRequestBytes().toBytes();
        this.json = json;
        this.uploads = new Uploads(properties.datasets().maxConcurrentUploads());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String type = request.getContentType();
        if (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            String path =
                    request.getRequestURI().substring(request.getContextPath().length());
            if ("POST".equals(request.getMethod()) && UPLOAD_PATH.equals(path)) {
                uploads.receive(request, response, chain);
            } else {
                ProblemDetail problem = Problems.unsupportedMediaType(type, List.of(MediaType.APPLICATION_JSON));
                problem.setDetail(problem.getDetail() + " (only POST " + UPLOAD_PATH + " takes "
                        + MediaType.MULTIPART_FORM_DATA_VALUE + ": a data set upload)");
                refuse(request, response, problem);
            }
            return;
        }
        if (request.getContentLengthLong() > maxBytes) {
            refuse(
                    request,
                    response,
                    Problems.of(
                            ProblemType.REQUEST_TOO_LARGE,
                            "the request body has " + request.getContentLengthLong() + " bytes, more than " + maxBytes
                                    + " (dipgnn.serving.max-request-bytes); send fewer items per request"));
            return;
        }
        chain.doFilter(new Bounded(request, maxBytes), response);
    }

    /** A problem detail, or on {@code /v2} the Open Inference Protocol's {@code {"error": ...}}. */
    private void refuse(HttpServletRequest request, HttpServletResponse response, ProblemDetail problem)
            throws IOException {
        if (problem.getStatus() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
            response.setHeader(
                    HttpHeaders.RETRY_AFTER,
                    Integer.toString(com.dipgnn.errors.ServiceUnavailableException.DEFAULT_RETRY_AFTER_SECONDS));
        }
        Problems.write(request, response, json, problem);
    }

    /**
     * Data set uploads being received: at most {@code dipgnn.datasets.max-concurrent-uploads} at
     * once, counted before the web server reads (and spools) a byte of the body.
     */
    private final class Uploads {
        private final Semaphore permits;
        private final int max;

        Uploads(int max) {
            this.max = max;
            this.permits = new Semaphore(max);
        }

        void receive(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            if (!permits.tryAcquire()) {
                refuse(
                        request,
                        response,
                        Problems.of(
                                ProblemType.UNAVAILABLE,
                                max + " uploads are being received already (dipgnn.datasets.max-concurrent-uploads);"
                                        + " send this one again shortly"));
                return;
            }
            try {
                chain.doFilter(request, response);
            } finally {
                permits.release();
            }
        }
    }

    /** Thrown by a body stream that reached the limit; answered as 413 by {@link ProblemDetailsAdvice}. */
    public static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(long max) {
            super("the request body is longer than " + max + " bytes (dipgnn.serving.max-request-bytes); send fewer"
                    + " items per request");
        }
    }

    private static final class Bounded extends HttpServletRequestWrapper {
        private final long max;
        private ServletInputStream stream;

        Bounded(HttpServletRequest request, long max) {
            super(request);
            this.max = max;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                ServletInputStream in = super.getInputStream();
                stream = new ServletInputStream() {
                    private long read;

                    @Override
                    public int read() throws IOException {
                        int b = in.read();
                        if (b >= 0 && ++read > max) {
                            throw new TooLarge(max);
                        }
                        return b;
                    }

                    @Override
                    public int read(byte[] buffer, int offset, int length) throws IOException {
                        int n = in.read(buffer, offset, length);
                        if (n > 0 && (read += n) > max) {
                            throw new TooLarge(max);
                        }
                        return n;
                    }

                    @Override
                    public boolean isFinished() {
                        return in.isFinished();
                    }

                    @Override
                    public boolean isReady() {
                        return in.isReady();
                    }

                    @Override
                    public void setReadListener(ReadListener listener) {
                        in.setReadListener(listener);
                    }
                };
            }
            return stream;
        }
    }
}
