package com.dipgnn.api;

import com.dipgnn.security.ApiTokenFilter;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.annotation.AliasFor;

/**
 * A {@code @WebMvcTest} of the given controllers on the web layer alone: the service's request
 * filters (tokens, process roles, body limits) left out, so a test sees the controller's own
 * validation and error mapping.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@WebMvcTest(
        excludeFilters =
                @ComponentScan.Filter(
                        type = FilterType.ASSIGNABLE_TYPE,
                        classes = {ApiTokenFilter.class, ProcessRoleFilter.class, RequestBodyLimit.class}))
@AutoConfigureMockMvc(addFilters = false)
@interface ApiSlice {

    /** The controllers under test. */
    @AliasFor(annotation = WebMvcTest.class, attribute = "controllers")
    Class<?>[] value();
}
