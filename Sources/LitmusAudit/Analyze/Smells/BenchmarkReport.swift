import SwiftSyntax

/// redundantPrint and a benchmark's report: a test that times code prints what it measured, and the maintainer reads
/// that output (onevcat/Rainbow 4.2.2's `PerformanceTests`, whose `measurePerformance` helper reads
/// `CFAbsoluteTimeGetCurrent()` around the work and whose tests print its result; attaswift/BigInt 6.0.1's
/// `ProfileTests`, which print the workload beside XCTest's `measure`). Removing such a print removes the benchmark's
/// result, so none of its prints is output nobody reads. Read false on the tuned corpus (11 findings).
enum BenchmarkReport {
    /// XCTest's measuring calls: the code in the closure is timed, and XCTest prints the timings.
    static let measuring: Set<String> = ["measure", "measureMetrics", "startMeasuring"]
    /// Functions that read a clock (the toolchain's and the platforms' C libraries').
    static let clockReads: Set<String> = ["CFAbsoluteTimeGetCurrent", "mach_absolute_time", "clock_gettime"]
    /// Types whose `now` is a clock read.
    static let clocks: Set<String> = ["DispatchTime", "ContinuousClock", "SuspendingClock", "DispatchWallTime"]

    /// Whether `print`, a print of `test`, is its report as a benchmark: the test times code (it runs code under
    /// XCTest's measuring, reads a clock twice, before and after the work, or calls a function of its target or of
    /// its own type that times, itself or through another, up to three calls deep) and the print writes text (a
    /// string literal, interpolated or not), something made from a value (`result.description()`), or a name the
    /// test bound to a measurement. A bare name of anything else is the value itself, dumped (BigInt's
    /// `print(string)` of 32767! in decimal beside its `measure`: read true).
    static func isReport(_ print: FunctionCallExprSyntax, of test: ScannedTest) -> Bool {
        let calls = test.all(FunctionCallExprSyntax.self)
        let timers = Set(calls.compactMap { CallCollector.calledName($0.calledExpression) }).filter {
            times($0, in: test, depth: 3)
        }
        guard calls.contains(where: isMeasuring) || clockReadCount(in: test.nodes) >= 2 || !timers.isEmpty else {
            return false
        }
        return print.arguments.allSatisfy { argument in
            guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return true }
            return isMeasurement(name, in: test, timers: timers)
        }
    }

    /// Whether the function `name` (of `test`'s target or type) times code: its body measures or reads a clock, or
    /// calls, `depth` calls deep at most, a function that does.
    private static func times(_ name: String, in test: ScannedTest, depth: Int) -> Bool {
        guard depth > 0 else { return false }
        return ((test.targetFunctions[name] ?? []) + siblings(of: test, named: name)).contains { body in
            let calls = body.descendants(of: FunctionCallExprSyntax.self)
            return clockReadCount(in: body.descendants(of: Syntax.self)) > 0 || calls.contains(where: isMeasuring)
                || Set(calls.compactMap { CallCollector.calledName($0.calledExpression) }).contains {
                    $0 != name && times($0, in: test, depth: depth - 1)
                }
        }
    }

    /// Whether the test binds `name` to a measurement: a value made by a call of one of `timers`, or from a clock.
    private static func isMeasurement(_ name: String, in test: ScannedTest, timers: Set<String>) -> Bool {
        test.all(PatternBindingSyntax.self).contains { binding in
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let value = binding.initializer?.value
            else { return false }
            let nodes = [Syntax(value)] + value.descendants(of: Syntax.self)
            return clockReadCount(in: nodes) > 0
                || nodes.contains { node in
                    node.as(FunctionCallExprSyntax.self).flatMap { CallCollector.calledName($0.calledExpression) }
                        .map(timers.contains) == true
                }
        }
    }

    /// The bodies of the functions named `name` declared beside `test` in its type: the target's index holds only
    /// what this platform compiles, and Rainbow's `PerformanceTests` is compiled only where `CFAbsoluteTime` is.
    private static func siblings(of test: ScannedTest, named name: String) -> [CodeBlockSyntax] {
        var current = test.declaration.parent
        while let node = current, !node.is(MemberBlockSyntax.self) { current = node.parent }
        guard let members = current?.as(MemberBlockSyntax.self) else { return [] }
        return members.members.compactMap { member in
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name else { return nil }
            return function.body
        }
    }

    /// `measure { … }`, `measure(metrics:) { … }`, `measureMetrics(…)`, `startMeasuring()`: a call of XCTest's
    /// measuring (`measure` only with a closure, as a package's own `measure(text)` may compute anything).
    private static func isMeasuring(_ call: FunctionCallExprSyntax) -> Bool {
        guard let name = CallCollector.calledName(call.calledExpression), measuring.contains(name) else { return false }
        return name != "measure" || call.trailingClosure != nil
            || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
    }

    /// How many clock reads `nodes` make: a call of a ``clockReads`` function, or `now` of one of ``clocks``.
    private static func clockReadCount(in nodes: [Syntax]) -> Int {
        nodes.filter { node in
            if let call = node.as(FunctionCallExprSyntax.self),
                let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                return clockReads.contains(name)
            }
            guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "now",
                let base = member.base
            else { return false }
            let type = base.as(FunctionCallExprSyntax.self)?.calledExpression ?? base
            return clocks.contains(type.trimmedDescription)
        }.count
    }
}
