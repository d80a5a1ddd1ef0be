package com.dipgnn.housekeeping;

import com.dipgnn.config.ServiceProperties;
import jakarta.servlet.MultipartConfigElement;
import org.springframework.boot.autoconfigure.web.servlet.MultipartProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The web server spools uploads into {@link StartupDebrisCleaner#MULTIPART_DIR} under the data
 * directory (an absolute path) instead of a fresh temporary directory per start, so that what a
 * killed process was receiving is found and removed at the next start. Sizes and the threshold
 * stay those of {@code spring.servlet.multipart.*}; an explicit {@code location} there wins.
 */
@Configuration
public class UploadSpoolConfiguration {

    @Bean
    MultipartConfigElement multipartConfigElement(MultipartProperties multipart, ServiceProperties properties) {
        if (multipart.getLocation() == null || multipart.getLocation().isBlank()) {
            multipart.setLocation(properties.dataDir().resolve(StartupDebrisCleaner.MULTIPART_DIR).toAbsolutePath()
                    .toString());
        }
        return multipart.createMultipartConfig();
    }
}
