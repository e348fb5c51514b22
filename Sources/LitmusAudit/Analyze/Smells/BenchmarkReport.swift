import SwiftSyntax

/// redundantPrint and a benchmark's report: a test that times code, or measures the memory it takes, prints what it
/// measured, and the maintainer reads that output (onevcat/Rainbow 4.2.2's `PerformanceTests`, whose
/// `measurePerformance` helper reads `CFAbsoluteTimeGetCurrent()` before and after the work and whose tests print its
/// result, and whose `measureMemoryUsage` takes the difference of two reads of Mach's `task_info`; attaswift/BigInt
/// 6.0.1's `ProfileTests`, which print the workload beside XCTest's `measure`). Removing such a print removes the
/// benchmark's result. Read false on the tuned corpus (12 findings, BigInt's one dumped value true).
///
/// Read once per test: whether it measures code, and which of the functions it calls do.
struct BenchmarkReport {
    /// Functions that read what a benchmark measures: a clock (the toolchain's and the platforms' C libraries'), or
    /// the process's use of memory or processor time (POSIX's `getrusage`, Mach's `task_info`, glibc's `mallinfo`).
    static let measurementReads: Set<String> = [
        "CFAbsoluteTimeGetCurrent", "mach_absolute_time", "clock_gettime", "getrusage", "task_info", "mallinfo",
        "mallinfo2",
    ]
    /// Types whose `now` is a clock read.
    static let clocks: Set<String> = ["DispatchTime", "ContinuousClock", "SuspendingClock", "DispatchWallTime"]

    private let test: ScannedTest
    /// The functions the test calls (by a bare name or on `self`) that measure code.
    private let timers: Set<String>
    /// Whether the test measures code.
    let isBenchmark: Bool
    /// Whether a node reads a measurement (``Readers``).
    private let readers: Readers

    /// `test` read for what it measures: it runs code under XCTest's measuring, takes the difference of two
    /// measurement reads itself (the time elapsed, the memory taken), or calls a function of its target or of its own
    /// type that does either, itself or through others. A clock read alone (a deadline, `DispatchTime.now() + 1`)
    /// measures nothing.
    init(_ test: ScannedTest) {
        self.test = test
        let readers = Readers(test: test)
        self.readers = readers
        // A function of the test's target or type measures code: its body measures or takes the difference of two
        // measurement reads, or calls a function that does.
        let timing = OwnFunctionQuestion { name, timing in
            Self.ownFunctions(named: name, of: test).contains { body in
                Self.measures(Syntax(body)) || Self.takesDifference(body.descendants(of: Syntax.self), readers: readers)
                    || Set(body.descendants(of: FunctionCallExprSyntax.self).compactMap(Self.ownCallName)).contains(
                        where: timing.answer)
            }
        }
        timers = Set(test.all(FunctionCallExprSyntax.self).compactMap(Self.ownCallName)).filter(timing.answer)
        isBenchmark =
            test.body.map(Self.measures) == true || Self.takesDifference(test.nodes, readers: readers)
            || !timers.isEmpty
    }

    /// Whether `print`, a print of the test, is its report: the test is a benchmark and the print writes text (a
    /// string literal, interpolated or not), something made from a value (`result.description()`), or a name the
    /// test bound to a measurement. A bare name of anything else is the value itself, dumped (BigInt's
    /// `print(string)` of 32767! in decimal beside its `measure`: read true).
    func isReport(_ print: FunctionCallExprSyntax) -> Bool {
        guard isBenchmark else { return false }
        return print.arguments.allSatisfy { argument in
            guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return true }
            return isMeasurement(name)
        }
    }

    /// The name of a call of a function the test's own code can declare: `name(…)` or `self.name(…)`, not a method
    /// of another value (`channel.wait()` is no helper `wait`).
    fileprivate static func ownCallName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        else { return nil }
        return member.declName.baseName.text
    }

    /// The bodies of the functions of `test`'s target or type named `name`.
    fileprivate static func ownFunctions(named name: String, of test: ScannedTest) -> [CodeBlockSyntax] {
        (test.targetFunctions[name] ?? []) + siblings(of: test, named: name)
    }

    /// Whether the test binds `name` to a measurement: a value made by a call of one of the timers, or read.
    private func isMeasurement(_ name: String) -> Bool {
        test.all(PatternBindingSyntax.self).contains { binding in
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let value = binding.initializer?.value
            else { return false }
            let nodes = [Syntax(value)] + value.descendants(of: Syntax.self)
            return nodes.contains(where: readers.reads)
                || nodes.contains { node in
                    node.as(FunctionCallExprSyntax.self).flatMap(Self.ownCallName).map(timers.contains) == true
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

    /// Whether `node` runs code under XCTest's measuring (``CallCollector/measuresPerformance(in:)``), or starts
    /// it by hand (`startMeasuring()`, which only a measured closure may call).
    private static func measures(_ node: Syntax) -> Bool {
        CallCollector.measuresPerformance(in: node) || CallCollector.names(in: node).contains("startMeasuring")
    }

    /// Whether `nodes` take the difference of two measurement reads: a subtraction whose two sides each read
    /// (``Readers``) or name a value bound to a read or filled by one (`CFAbsoluteTimeGetCurrent() - start`,
    /// `end.uptimeNanoseconds - start.uptimeNanoseconds`, `endMemory - startMemory` of two calls of a helper that asks
    /// `task_info`, `after.ru_maxrss - before.ru_maxrss` of two `getrusage` reads).
    private static func takesDifference(_ nodes: [Syntax], readers: Readers) -> Bool {
        let bound = nodes.compactMap { node -> String? in
            guard let binding = node.as(PatternBindingSyntax.self),
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value,
                ([Syntax(value)] + value.descendants(of: Syntax.self)).contains(where: readers.reads)
            else { return nil }
            return name
        }
        let reads = Set(bound + nodes.compactMap(filledByRead))
        func isRead(_ operand: ExprSyntax) -> Bool {
            let parts = [Syntax(operand)] + operand.descendants(of: Syntax.self)
            return parts.contains(where: readers.reads)
                || parts.contains { part in
                    // A name, not a member's (`a.count - b.count` reads no `count` a read filled).
                    guard let reference = part.as(DeclReferenceExprSyntax.self),
                        part.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
                    else { return false }
                    return reads.contains(reference.baseName.text)
                }
        }
        return nodes.contains { node in
            guard let sequence = node.as(SequenceExprSyntax.self) else { return false }
            let elements = Array(sequence.elements)
            return elements.indices.contains { index in
                index > 0 && index + 1 < elements.count
                    && elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "-"
                    && isRead(elements[index - 1]) && isRead(elements[index + 1])
            }
        }
    }

    /// The argument each read that fills a value in place fills, by its position: `getrusage(RUSAGE_SELF, &usage)`'s
    /// usage, `task_info(task, flavor, &info, &count)`'s info (not its count).
    static let filledArguments = ["getrusage": 1, "task_info": 2]

    /// The name `node`, a call of a read that fills a value in place (``filledArguments``), hands it to fill.
    private static func filledByRead(_ node: Syntax) -> String? {
        guard let call = node.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let position = filledArguments[name], position < call.arguments.count
        else { return nil }
        let argument = Array(call.arguments)[position].expression
        return argument.as(InOutExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// A measurement read: a call of one of ``measurementReads``, or `now` of one of ``clocks``.
    fileprivate static func isDirectRead(_ node: Syntax) -> Bool {
        if let call = node.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return measurementReads.contains(name)
        }
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "now",
            let base = member.base
        else { return false }
        let type = base.as(FunctionCallExprSyntax.self)?.calledExpression ?? base
        return clocks.contains(type.trimmedDescription)
    }
}

/// Which nodes of a test read a measurement: a measurement read itself (``BenchmarkReport/isDirectRead(_:)``), or a
/// call of a function of the test's target or type that makes one, itself or through others (Rainbow's
/// `getCurrentMemoryUsage()`, which asks `task_info` for the resident size).
private final class Readers {
    private var question: OwnFunctionQuestion!

    init(test: ScannedTest) {
        question = OwnFunctionQuestion { [unowned self] name, _ in
            BenchmarkReport.ownFunctions(named: name, of: test).contains { body in
                body.descendants(of: Syntax.self).contains(where: self.reads)
            }
        }
    }

    func reads(_ node: Syntax) -> Bool {
        if BenchmarkReport.isDirectRead(node) { return true }
        guard let call = node.as(FunctionCallExprSyntax.self), let name = BenchmarkReport.ownCallName(call) else {
            return false
        }
        return question.answer(name)
    }
}

/// A yes-or-no question about a function of the test's own code that holds when it holds of a function it calls
/// (whether it measures code, whether it reads a measurement), each name answered once. A recursion is cut with a
/// provisional no, and a no that such a cut decided is not kept, so the answers do not depend on the order the names
/// are asked in (a test's calls are read from a `Set`).
private final class OwnFunctionQuestion {
    private let ask: (String, OwnFunctionQuestion) -> Bool
    private var known: [String: Bool] = [:]
    private var asking: Set<String> = []
    /// Whether the name being answered met a cut recursion.
    private var cut = false

    init(_ ask: @escaping (String, OwnFunctionQuestion) -> Bool) { self.ask = ask }

    func answer(_ name: String) -> Bool {
        if let answer = known[name] { return answer }
        if asking.contains(name) {
            cut = true
            return false
        }
        asking.insert(name)
        let outer = cut
        cut = false
        let found = ask(name, self)
        asking.remove(name)
        if found || !cut { known[name] = found }
        cut = outer || cut
        return found
    }
}
