/// S: what the static analysis found in the test sources (no assertion, tautologies, swallowed errors,
/// unwaited expectations; and sleeps, which count against F by their kind), each tied to the test it
/// names, and the test classes and specs in the sources that never ran.
enum SelfValidatingJudge {
    /// The analysis's findings and the never-ran classes.
    static func findings(_ observations: Observations, _ context: JudgingContext) -> [Finding] {
        var findings = context.analysis.findings.map { found in
            var tied = found
            tied.test = test(named: found, among: observations.tests)?.id
            return tied
        }
        let ranClasses = Set(observations.tests.compactMap(\.xctestClass))
        #if canImport(ObjectiveC)
            let built = context.analysis.classes
        #else
            let built = context.analysis.classes.filter { !$0.appleOnly }
        #endif
        for declaration in built where !declaration.ran(among: ranClasses) {
            let what = declaration.isSpec ? "The spec" : "The test class"
            let why =
                declaration.isSpec
                ? "on Linux a QuickSpec runs only when an entry point (QCKMain) lists it"
                : "its tests are not discovered"
            findings.append(
                Finding(
                    kind: .neverRan, test: declaration.name, file: declaration.file, line: declaration.line,
                    message: "\(what) \(declaration.name) is in the sources and never ran: \(why)"))
        }
        return findings
    }

    /// The discovered test a finding of the analysis names: `Class.method` for XCTest; for Swift Testing
    /// the same file and the analyzer's `Suite/function` ending the test's name.
    static func test(named found: Finding, among tests: [TestIdentity]) -> TestIdentity? {
        found.test.flatMap { test(named: $0, file: found.file, among: tests) }
    }

    /// The discovered test the analysis names `name` (`Class.method`, `Suite/function`) in `file`.
    static func test(named name: String, file: String?, among tests: [TestIdentity]) -> TestIdentity? {
        if let test = tests.first(where: { $0.library == .xctest && $0.xctestOutputName == name }) { return test }
        return tests.first { test in
            guard test.library == .swiftTesting, test.file == file else { return false }
            let base = test.name.prefix { $0 != "(" }
            return base == name || base.hasSuffix("/" + name)
        }
    }
}
