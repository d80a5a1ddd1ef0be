package com.dipgnn.optim;

/** Training diverged: a loss or gradient became NaN or infinite. */
public final class NonFiniteLossException extends RuntimeException {

    public NonFiniteLossException(String message) {
        super(message + "; lower the learning rate or check the input features for extreme values");
    }
}
