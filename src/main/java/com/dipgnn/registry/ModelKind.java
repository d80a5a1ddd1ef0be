package com.dipgnn.registry;

/** What a model version is for. */
public enum ModelKind {
    /** A pre-trained encoder (DiP-GNN's discriminator or a baseline's network), to fine-tune from. */
    PRETRAINED,
    /** A fine-tuned encoder with its task head, to deploy. */
    FINETUNED
}
