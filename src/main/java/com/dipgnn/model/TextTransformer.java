package com.dipgnn.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * The common body of the text generator and discriminator: each token's input is
 * {@code W_proj [h(n), emb(x_i)] + pos(i)} (the node's GNN embedding next to the token's
 * embedding, as in the paper), then a {@link TransformerEncoder}. The generator reads out a
 * softmax over the vocabulary (tied to the token embeddings), the discriminator a
 * replaced-token logit per position.
 */
public final class TextTransformer extends GraphModule {

    /** What the model reads out at each position. */
    public enum Head {
        /** logits over the vocabulary (the generator) */
        VOCABULARY,
        /** one replaced-token logit (the discriminator) */
        REPLACED
    }

    private final TokenEmbedding tokens;
    private final TokenEmbedding positions;
    private final Linear projection;
    private final TransformerEncoder encoder;
    private final Linear replaced;
    private final LayerNorm outputNorm;
    private final Head head;
    private final int maxLength;

    /**
     * @param vocabulary vocabulary size
     * @param maxLength longest token sequence
     * @param nodeWidth width of the node embeddings h(n) from the GNN
     * @param config the Transformer's shape
     * @param head what to read out
     */
    public TextTransformer(int vocabulary, int maxLength, int nodeWidth, TransformerConfig config, Head head) {
        this.head = head;
        this.maxLength = maxLength;
        this.tokens = addChild("tokens", new TokenEmbedding(vocabulary, config.width()));
        this.positions = addChild("positions", new TokenEmbedding(maxLength, config.width()));
        this.projection = addChild("projection", new Linear(nodeWidth + config.width(), config.width(), true));
        this.encoder = addChild("encoder", new TransformerEncoder(config));
        this.outputNorm = addChild("output_norm", new LayerNorm(config.width()));
        this.replaced = head == Head.REPLACED ? addChild("replaced", new Linear(config.width(), 1, true)) : null;
    }

    /**
     * @param nodes (batch, nodeWidth) the GNN embedding of each text's node
     * @param ids (batch, length) token ids, padded
     * @param mask (batch, length) 1 for real tokens, 0 for padding
     * @return (batch, length, vocabulary) logits for {@link Head#VOCABULARY}, (batch, length) for {@link Head#REPLACED}
     */
    public NDArray forward(NDArray nodes, NDArray ids, NDArray mask, boolean training) {
        NDArray h = encode(nodes, ids, mask, training);
        return head == Head.VOCABULARY ? vocabularyLogits(h) : replacedLogits(h);
    }

    /**
     * The encoded sequence, before any read-out.
     *
     * @param nodes (batch, nodeWidth) the GNN embedding of each text's node
     * @param ids (batch, length) token ids, padded
     * @param mask (batch, length) 1 for real tokens, 0 for padding
     * @return (batch, length, width)
     */
    public NDArray encode(NDArray nodes, NDArray ids, NDArray mask, boolean training) {
        long batch = ids.getShape().get(0);
        long length = ids.getShape().get(1);
        if (length > maxLength) {
            throw new IllegalArgumentException("token sequences of length " + length + " exceed the model's "
                    + maxLength + "; truncate the texts");
        }
        NDManager scope = ids.getManager();
        NDArray tokenVectors = tokens.forward(ids);
        NDArray nodeVectors = nodes.reshape(batch, 1, nodes.getShape().get(1))
                .broadcast(new Shape(batch, length, nodes.getShape().get(1)));
        NDArray position = positions.forward(scope.arange((int) length)).reshape(1, length, -1);
        NDArray input = projection.forward(nodeVectors.concat(tokenVectors, -1)).add(position);
        return outputNorm.forward(encoder.forward(input, mask, training));
    }

    /** Logits over the vocabulary (tied to the token embeddings) of encoded positions, shape (..., vocabulary). */
    public NDArray vocabularyLogits(NDArray encoded) {
        return encoded.matMul(tokens.table().transpose());
    }

    /** The replaced-token logit of each position of {@link #encode}'s output, shape (batch, length). */
    public NDArray replacedLogits(NDArray encoded) {
        if (replaced == null) {
            throw new IllegalStateException("this Transformer reads out the vocabulary, not replaced tokens");
        }
        Shape shape = encoded.getShape();
        return replaced.forward(encoded).reshape(shape.get(0), shape.get(1));
    }
}
