package pssr.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;
import pssr.model.Model;
import pssr.views.Engine;
import pssr.views.Engines;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** JMH reads its default parameter lists from annotations, which cannot be computed: none may drift from the registries. */
class RenderBenchmarkParamsTest {

    private static List<String> param(String field) throws NoSuchFieldException {
        return List.of(RenderBenchmark.class.getField(field).getAnnotation(Param.class).value());
    }

    /** The engines come from the registry at run time (./pssr jmh passes Engines.getNames()): no list here to forget. */
    @Test
    void engineParamDefaultsToTheRegistrysFirstEngineOnly() throws Exception {
        assertEquals(List.of(Engines.INSTANCE.getNames().get(0)), param("engine"));
    }

    @Test
    void modelParamListsEveryModelEveryEngineRenders() throws Exception {
        List<String> models = Model.Companion.getAll().stream()
                .filter(m -> Engines.INSTANCE.getAll().stream().allMatch((Engine e) -> e.renders(m)))
                .map(Model::getId).toList();
        assertEquals(models, param("model"));
    }
}
