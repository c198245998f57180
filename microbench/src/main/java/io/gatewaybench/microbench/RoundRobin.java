package io.gatewaybench.microbench;

/** The requests of a route-matching benchmark, each in turn, so every route is hit equally often. */
public final class RoundRobin<T> {

    private final T[] items;
    private int next;

    public RoundRobin(T[] items) {
        this.items = items;
    }

    public T next() {
        T item = items[next];
        next = next + 1 == items.length ? 0 : next + 1;
        return item;
    }
}
