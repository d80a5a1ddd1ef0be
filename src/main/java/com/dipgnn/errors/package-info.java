/**
 * Service exceptions (no dependencies): not found, conflict, invalid input and unavailable, which
 * the API maps to RFC 9457 problem details.
 */
package com.dipgnn.errors;
