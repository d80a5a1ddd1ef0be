package com.dipgnn.errors;

/** A named resource (data set, job, model version, deployment, node) does not exist. */
public class NotFoundException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String resource;
    private final String id;

    public NotFoundException(String resource, String id, String hint) {
        super(resource + " '" + id + "' does not exist" + (hint == null ? "" : "; " + hint));
        this.resource = resource;
        this.id = id;
    }

    public String resource() {
        return resource;
    }

    public String id() {
        return id;
    }
}
