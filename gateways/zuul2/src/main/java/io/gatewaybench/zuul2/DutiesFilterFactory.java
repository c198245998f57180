package io.gatewaybench.zuul2;

import com.netflix.zuul.FilterFactory;
import com.netflix.zuul.filters.ZuulFilter;
import io.gatewaybench.duties.Duties;

/**
 * Zuul's FilterFactory doing what Guice's does in zuul-sample, without Guice: a filter whose constructor takes the
 * {@link Duties} gets this run's; any other is made as Zuul's DefaultFilterFactory makes it, by its no-argument
 * constructor.
 */
final class DutiesFilterFactory implements FilterFactory {

    private final Duties duties;

    DutiesFilterFactory(Duties duties) {
        this.duties = duties;
    }

    @Override
    public ZuulFilter<?, ?> newInstance(Class<?> type) throws Exception {
        try {
            return (ZuulFilter<?, ?>) type.getDeclaredConstructor(Duties.class).newInstance(duties);
        } catch (NoSuchMethodException e) {
            return (ZuulFilter<?, ?>) type.getDeclaredConstructor().newInstance();
        }
    }
}
