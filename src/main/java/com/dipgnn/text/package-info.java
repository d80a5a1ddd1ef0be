/**
 * Node text (engine; no Spring): normalisation, the learned vocabulary and tokenizer, and the
 * text-derived inputs stored with every model.
 */
@PartOf(Part.ENGINE)
package com.dipgnn.text;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
