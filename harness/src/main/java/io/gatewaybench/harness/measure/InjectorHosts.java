package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What sharing one load between several injector hosts needs ({@code --injectors}): how a load is split between them, and
 * what a host lost mid-measurement ends.
 */
public final class InjectorHosts {
    private InjectorHosts() {
    }

    /**
     * An injector host that failed mid-measurement (its injector killed, the host gone): nothing later can be split between
     * the hosts the run was planned with, so the run stops there, incomplete with this reason, and keeps what it measured.
     */
    public static final class Lost extends IOException {
        Lost(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Does {@code action} with {@code host} (a copy to or from it); a failure there is that host lost. */
    static void on(io.gatewaybench.harness.plan.Topology.Host host, Runnable action) throws Lost {
        try {
            action.run();
        } catch (RuntimeException e) {
            throw new Lost("injector host " + host.role() + " (" + host.address() + ") was lost: " + e.getMessage(), e);
        }
    }

    /**
     * How {@code total} (users, requests per second) is split between {@code hosts} injector hosts: as evenly as whole units
     * go, the first hosts one more. {@code what} names the total in the error when there are fewer units than hosts.
     */
    static List<Integer> split(int total, int hosts, String what) {
        if (total < hosts) {
            throw new IllegalArgumentException(what + " cannot be split between " + hosts + " injector hosts, at least 1 each: "
                    + "use fewer --injectors, or more");
        }
        List<Integer> each = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            each.add(total / hosts + (i < total % hosts ? 1 : 0));
        }
        return each;
    }
}
