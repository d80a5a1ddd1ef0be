/**
 * Node text (engine; no Spring): normalisation, the learned vocabulary and tokenizer, and the
 * text-derived inputs stored with every model.
 */
package com.dipgnn.text;
