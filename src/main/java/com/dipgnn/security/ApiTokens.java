package com.dipgnn.security;

import com.dipgnn.config.ServiceProperties;
import com.dipgnn.config.ServiceProperties.ApiToken;
import com.dipgnn.config.ServiceProperties.Role;
import com.dipgnn.store.WriteOwner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
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
    public static final String GENERATED_FILE = ServiceProperties.ADMIN_TOKEN_FILE;

    private static final Logger LOG = LoggerFactory.getLogger(ApiTokens.class);

    private final List<ApiToken> tokens;
    /** The generated admin token's file, or null when tokens are configured. */
    private final Path generated;

    public ApiTokens(ServiceProperties properties) {
        List<ApiToken> configured = properties.security().tokens();
        for (int i = 0; i < configured.size(); i++) {
            ApiToken t = configured.get(i);
            if (t.token() == null || t.token().length() < 16 || t.role() == null) {
                throw new IllegalStateException(ServiceProperties.Security.TOKENS + "[" + i + "] (" + t.name()
                        + ") needs a token of at least 16 characters and a role (READER or ADMIN)");
            }
        }
        this.generated = configured.isEmpty()
                ? properties.dataDir().resolve(GENERATED_FILE).toAbsolutePath().normalize()
                : null;
        this.tokens = generated != null ? List.of(generatedAdmin(generated)) : List.copyOf(configured);
    }

    /**
     * Where a caller finds a token this service accepts, for a refusal's detail: the generated
     * admin token's file when no token is configured, else the setting; never a token.
     */
    public String whereToFindOne() {
        String setting = ServiceProperties.Security.TOKENS + " (" + ServiceProperties.Security.TOKENS_ENV + "TOKEN)";
        return generated != null
                // the file's name only: a caller without a token is not told where the server keeps its data
                ? "no token is configured in " + setting + ", so send the admin token this service generated: the "
                        + "file " + GENERATED_FILE + " in its data directory (dipgnn.data-dir; "
                        + ServiceProperties.DEFAULT_DATA_DIR + " by default), readable by the account that runs it"
                : "send a token configured in " + setting;
    }

    /** The token's entry when {@code presented} is a known token (constant-time comparison). */
    public Optional<ApiToken> find(String presented) {
        if (presented == null || presented.isBlank()) {
            return Optional.empty();
        }
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

    private static ApiToken generatedAdmin(Path file) {
        try {
            Files.createDirectories(file.getParent());
            if (!Files.exists(file)) {
                byte[] secret = new byte[32];
                new SecureRandom().nextBytes(secret);
                String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
                if (writeOwnerOnly(file, token)) {
                    LOG.warn(
                            "No API token configured: generated an admin token and wrote it to {} (readable only by this user). "
                                    + "Send it as 'Authorization: Bearer <token>'; configure dipgnn.security.tokens in production.",
                            file);
                }
            } else {
                LOG.info("No API token configured: using the generated admin token in {}", file);
            }
            String token = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (token.length() < 16) {
                throw new IllegalStateException("the generated admin token in " + file + " is empty or damaged ("
                        + token.length() + " characters); delete the file to generate a new token, or configure "
                        + "dipgnn.security.tokens");
            }
            return new ApiToken("generated-admin", token, Role.ADMIN);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the admin token file " + file, e);
        }
    }

    /**
     * Writes the token to a temporary file, then links it into place: the file appears with its
     * content or not at all, and when several processes sharing the data directory start at once
     * the first one's token wins (the others find the file and read it).
     */
    private static boolean writeOwnerOnly(Path file, String token) throws IOException {
        Path temp;
        try {
            temp = Files.createTempFile(
                    file.getParent(),
                    "." + GENERATED_FILE + "." + WriteOwner.tag(),
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            temp = Files.createTempFile(file.getParent(), "." + GENERATED_FILE + "." + WriteOwner.tag(), ".tmp");
        }
        try {
            Files.writeString(temp, token + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            link(temp, file);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false; // another process created it first; its token is the one
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void link(Path temp, Path file) throws IOException {
        try {
            Files.createLink(file, temp);
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (e instanceof FileAlreadyExistsException exists) {
                throw exists;
            }
            Files.move(temp, file); // no hard links on this file system: a rename, which fails when the file exists
        }
    }
}
