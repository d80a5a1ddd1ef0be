package com.dipgnn.api;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.dipgnn.errors.ConflictException;
import com.dipgnn.errors.NotFoundException;
import com.dipgnn.registry.ModelFilter;
import com.dipgnn.registry.ModelRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The model registry's API on the web layer alone: paging is bounded before the registry is
 * asked, a page asks the registry for the rows it shows, and the registry's refusals become the
 * problem types a client can act on (404 naming the model, 409 while it is in use).
 */
@ApiSlice(ModelController.class)
class ModelApiSliceTest {

    private static final String MODELS = "/api/v1/models";

    @Autowired
    private MockMvc mvc;

    @MockitoBean
    private ModelRegistry registry;

    @Test
    void aPageOutsideItsBoundsIsRefusedBeforeTheRegistryIsAsked() throws Exception {
        mvc.perform(get(MODELS).param("size", "501"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        mvc.perform(get(MODELS).param("page", "-1")).andExpect(status().isBadRequest());
        mvc.perform(get(MODELS).param("kind", "no-such-kind")).andExpect(status().isBadRequest());
        Mockito.verifyNoInteractions(registry);
    }

    @Test
    void aPageAsksTheRegistryForItsOwnRows() throws Exception {
        ModelFilter filter = new ModelFilter("shop", null, null);
        Mockito.when(registry.list(filter, 40, 20)).thenReturn(List.of());
        Mockito.when(registry.count(filter)).thenReturn(41L);
        mvc.perform(get(MODELS).param("name", "shop").param("page", "2").param("size", "20"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.page").value(2))
                .andExpect(jsonPath("$.size").value(20))
                .andExpect(jsonPath("$.total").value(41));
        Mockito.verify(registry).list(filter, 40, 20);
    }

    @Test
    void anUnknownModelIsNotFoundAndAModelInUseIsAConflict() throws Exception {
        Mockito.when(registry.get("mv-x"))
                .thenThrow(new NotFoundException("model", "mv-x", "list them at GET /api/v1/models"));
        mvc.perform(get(MODELS + "/mv-x"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.resource").value("model"))
                .andExpect(jsonPath("$.id").value("mv-x"));
        mvc.perform(get(MODELS + "/mv-x/archive")).andExpect(status().isNotFound());

        Mockito.doThrow(new ConflictException("model mv-y is deployed as 'shop'; undeploy it first"))
                .when(registry)
                .delete("mv-y");
        mvc.perform(delete(MODELS + "/mv-y"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.type").value(Problems.TYPE_BASE + "conflict"))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("undeploy")));
    }

    @Test
    void aDeletedModelAnswersNoContent() throws Exception {
        mvc.perform(delete(MODELS + "/mv-z")).andExpect(status().isNoContent());
        Mockito.verify(registry).delete("mv-z");
    }
}
