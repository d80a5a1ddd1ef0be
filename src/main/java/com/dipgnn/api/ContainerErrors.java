package com.dipgnn.api;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Errors the servlet container answers itself, before the request reaches the service (a URI it
 * cannot parse, an encoded slash): an RFC 9457 problem detail instead of Tomcat's HTML page (on
 * {@code /v2}, the Open Inference Protocol's {@code {"error": ...}}). An
 * encoded slash ({@code %2F}) in a path is passed to the service, which answers it like any other
 * unknown or invalid path.
 */
@Component
public class ContainerErrors implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addConnectorCustomizers(connector -> connector.setEncodedSolidusHandling("passthrough"));
        factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemReportValve.class.getName());
            }
        });
    }

    /** Writes Tomcat's own error responses as {@code application/problem+json}. */
    public static class ProblemReportValve extends ErrorReportValve {

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            String type = Problems.TYPE_BASE + Problems.typeOf(status);
            String detail = status == 400
                    ? "the request could not be parsed (its URI, a header or an encoding); check for characters that"
                            + " must be percent-encoded"
                    : "the server could not handle the request";
            try {
                boolean openInference = OpenInferenceErrors.covers(request.getRequestURI());
                response.setContentType(openInference ? "application/json" : "application/problem+json");
                response.setCharacterEncoding(StandardCharsets.UTF_8.name());
                Writer writer = response.getReporter();
                if (writer != null && openInference) {
                    writer.write("{\"error\":\"" + detail + "\"}");
                    response.finishResponse();
                } else if (writer != null) {
                    org.springframework.http.HttpStatus known = org.springframework.http.HttpStatus.resolve(status);
                    String title = known != null ? known.getReasonPhrase() : "Error";
                    writer.write("{\"type\":\"" + type + "\",\"title\":\"" + title + "\",\"status\":" + status
                            + ",\"detail\":\"" + detail + "\"}");
                    response.finishResponse();
                }
            } catch (IOException | IllegalStateException e) {
                // the client is gone or the response was committed: nothing more to say
            }
        }
    }
}
