/**
 * The declaration of the program's parts ({@link com.dipgnn.parts.PartOf} on every package, with
 * a {@link com.dipgnn.parts.Part}): engine, service or application. Part of the engine so that
 * every package may use it; uses nothing. See docs/engine.md ("Package map").
 */
@PartOf(Part.ENGINE)
package com.dipgnn.parts;
