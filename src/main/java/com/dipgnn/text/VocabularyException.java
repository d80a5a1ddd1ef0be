package com.dipgnn.text;

/** A vocabulary file is missing, malformed or does not match its fingerprint. */
public class VocabularyException extends RuntimeException {

    public VocabularyException(String message) {
        super(message);
    }

    public VocabularyException(String message, Throwable cause) {
        super(message, cause);
    }
}
