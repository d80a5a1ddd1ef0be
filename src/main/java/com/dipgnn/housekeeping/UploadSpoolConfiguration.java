package com.dipgnn.housekeeping;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.store.WriteOwner;
import jakarta.servlet.MultipartConfigElement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.autoconfigure.web.servlet.MultipartProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The web server spools uploads into a directory of this process under the data directory,
 * {@link DebrisCleaner#MULTIPART_DIR}{@code /<owner token>} (an absolute path), instead of a fresh
 * temporary directory per start: what a killed process was receiving is found and removed by the
 * next sweep once its owner is dead, and what a live one receives is never touched. Sizes and the
 * threshold stay those of {@code spring.servlet.multipart.*}; an explicit {@code location} there wins.
 */
@Configuration
public class UploadSpoolConfiguration {

    @Bean
    MultipartConfigElement multipartConfigElement(MultipartProperties multipart, ServiceProperties properties) {
        if (multipart.getLocation() == null || multipart.getLocation().isBlank()) {
            Path spool = spoolDirectory(properties);
            try {
                Files.createDirectories(spool);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the web server's upload spool directory " + spool, e);
            }
            multipart.setLocation(spool.toString());
        }
        return multipart.createMultipartConfig();
    }

    /** Where this process's web server spools multipart uploads. */
    public static Path spoolDirectory(ServiceProperties properties) {
        return properties
                .dataDir()
                .resolve(DebrisCleaner.MULTIPART_DIR)
                .resolve(WriteOwner.current())
                .toAbsolutePath();
    }
}
