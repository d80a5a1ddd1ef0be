/**
 * Access control (Spring): API tokens, their filter and the access rule per endpoint. Uses api
 * and config. See docs/service.md.
 */
package com.dipgnn.security;
