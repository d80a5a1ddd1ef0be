package com.dipgnn.security;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The API tokens the service accepts. They come from configuration ({@code dipgnn.security.tokens},
 * a Kubernetes secret in production). When none is configured, the first start generates an
 * admin token and writes it to {@code <data-dir>/admin-token}, readable only by the service's
 * user; later starts reuse that file.
 */
@Component
public class ApiTokens {

    /** Name of the generated admin token's file under the data directory. */
    public static final String GENERATED_FILE = "admin-token";

    private static final Logger LOG = LoggerFactory.getLogger(ApiTokens.class);

    private final List<ApiToken> tokens;

    public ApiTokens(ServiceProperties properties) {
        List<ApiToken> configured = properties.security().tokens();
        for (int i = 0; i < configured.size(); i++) {
            ApiToken t = configured.get(i);
            if (t.token() == null || t.token().length() < 16 || t.role() == null) {
                throw new IllegalStateException("dipgnn.security.tokens[" + i + "] (" + t.name()
                        + ") needs a token of at least 16 characters and a role (READER or ADMIN)");
            }
        }
        this.tokens = configured.isEmpty() ? List.of(generatedAdmin(properties.dataDir())) : List.copyOf(configured);
    }

    /** The token's entry when {@code presented} is a known token (constant-time comparison). */
    public Optional<ApiToken> find(String presented) {
        byte[] given = presented.getBytes(StandardCharsets.UTF_8);
        ApiToken match = null;
        for (ApiToken t : tokens) {
            if (MessageDigest.isEqual(given, t.token().getBytes(StandardCharsets.UTF_8))) {
                match = t;
            }
        }
        return Optional.ofNullable(match);
    }

    /** Whether {@code token} may act with {@code needed}. */
    public static boolean allows(ApiToken token, Role needed) {
        return needed == Role.READER || token.role() == Role.ADMIN;
    }

    private static ApiToken generatedAdmin(Path dataDir) {
        Path file = dataDir.resolve(GENERATED_FILE).toAbsolutePath().normalize();
        try {
            Files.createDirectories(file.getParent());
            if (!Files.exists(file)) {
                byte[] secret = new byte[32];
                new SecureRandom().nextBytes(secret);
                String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
                writeOwnerOnly(file, token);
                LOG.warn("No API token configured: generated an admin token and wrote it to {} (readable only by this user). "
                        + "Send it as 'Authorization: Bearer <token>'; configure dipgnn.security.tokens in production.", file);
            } else {
                LOG.info("No API token configured: using the generated admin token in {}", file);
            }
            String token = Files.readString(file, StandardCharsets.UTF_8).trim();
            return new ApiToken("generated-admin", token, Role.ADMIN);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the admin token file " + file, e);
        }
    }

    private static void writeOwnerOnly(Path file, String token) throws IOException {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            return;
        }
        Files.writeString(file, token + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
    }
}
