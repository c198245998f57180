package io.gatewaybench.harness;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocks;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The order of the unit test classes (harness/pom.xml): those that take no lock first, the others after them, each group
 * in the order given. The hostile-input suites run beside the one sequence of the other classes and hold
 * {@link TestLocks#CPU} shared among themselves for about 75 s; the first class of the sequence that holds it alone (a
 * gateway's scenario suite) waits for all five to end, and every class after it waits too. Begun first, the classes that
 * take no lock (the model's, the analysis's and the report's tests over committed runs, about 80 s on one CPU) use that
 * time; on the CI of 20261128 only one of them (SummaryModelTest) happened to come before the first locked class.
 */
public final class UnlockedFirst implements ClassOrderer {
    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparing(d -> locked(d.getTestClass()))); // stable: false first
    }

    /** Whether {@code testClass} takes a lock, its own or inherited ({@code @ResourceLock} is {@code @Inherited}), or runs isolated. */
    static boolean locked(Class<?> testClass) {
        return AnnotationSupport.isAnnotated(testClass, ResourceLock.class) || AnnotationSupport.isAnnotated(testClass, ResourceLocks.class)
                || AnnotationSupport.isAnnotated(testClass, Isolated.class);
    }
}
