package io.gatewaybench.harness;

import io.gatewaybench.harness.measure.JmhEnvironment;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.report.JmhReport;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The harness's entry point, {@code ./bench <command>}: each command is a class of its own, given the arguments after
 * its name, and its exit status is the process's.
 */
public final class Bench {
    /** Every command by its name. */
    private static final Map<String, ToIntFunction<List<String>>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("run", RunCommand::main);
        COMMANDS.put("report", ReportCommand::main);
        COMMANDS.put("compare", CompareCommand::main);
        COMMANDS.put("precision", PrecisionCommand::main);
        COMMANDS.put("interleave", Interleave::main);
        // ./bench jmh calls these two, before and after JMH runs, with the command's name as their first argument
        COMMANDS.put("jmh-environment", JmhEnvironment::main);
        COMMANDS.put("jmh-report", JmhReport::main);
    }

    private Bench() {
    }

    public static void main(String[] args) {
        ToIntFunction<List<String>> command = args.length == 0 ? null : COMMANDS.get(args[0]);
        if (command == null) {
            System.err.print(RunPlan.USAGE);
            System.exit(2);
            return;
        }
        List<String> rest = List.of(args).subList(1, args.length);
        System.exit(command.applyAsInt(args[0].startsWith("jmh-") ? Arrays.asList(args) : rest));
    }
}
