/// S: what the static analysis found in the test sources (no assertion, tautologies, swallowed errors,
/// unwaited expectations; and sleeps, which count against F by their kind), each tied to the test it
/// names, and the test classes, specs and test methods in the sources that never ran.
enum SelfValidatingJudge {
    /// The analysis's findings and the never-ran classes and methods; the analysis's notes, and those of the
    /// methods a package lists for other platforms only.
    static func judged(_ observations: Observations, _ context: JudgingContext) -> JudgeOutput {
        let all = findings(observations, context)
        let otherPlatforms = Set(context.analysis.listedForOtherPlatforms ?? [])
        let analysisNotes = context.analysis.findings.filter(\.isNote).map { tied($0, among: observations.tests) }
        let (notes, findings) = all.reduce(into: (analysisNotes, [Finding]())) { split, finding in
            guard finding.kind == .neverRan, let method = finding.test?.rawValue.split(separator: "/").last,
                otherPlatforms.contains(String(method))
            else { return split.1.append(finding) }
            var note = finding
            note.message =
                finding.message.components(separatedBy: " is in the sources").first.map {
                    "\($0) does not run on Linux, by the package's choice: its test list names it only for other "
                        + "platforms (in an #if the Linux build does not compile)"
                } ?? finding.message
            split.0.append(note)
        }
        return JudgeOutput(findings: findings, notes: notes + typedFactsNote(findings, context.analysis))
    }

    /// One line naming why the compiler's typed facts are missing, when its findings are unconfirmed for it.
    static func typedFactsNote(_ findings: [Finding], _ analysis: SourceAnalysis) -> [Finding] {
        guard let problem = analysis.typedFactsProblem else { return [] }
        let unconfirmed = findings.filter { $0.unconfirmed != nil }.count
        return [
            Finding(
                kind: .noAssertion,
                message: "\(unconfirmed) static finding\(unconfirmed == 1 ? " is" : "s are") unconfirmed, read from "
                    + "the syntax alone: \(problem)")
        ]
    }

    /// The analysis's findings and the never-ran classes and methods.
    static func findings(_ observations: Observations, _ context: JudgingContext) -> [Finding] {
        var findings = context.analysis.findings.filter { context.options.reports($0.kind) && !$0.isNote }.map {
            tied($0, among: observations.tests)
        }
        findings += neverRan(observations, context.analysis)
        return findings
    }

    /// The classes and specs the build compiles that never ran, and the test methods of the classes
    /// that ran that did not: on Linux a `Tests/LinuxMain.swift` runs only what its lists name.
    static func neverRan(_ observations: Observations, _ analysis: SourceAnalysis) -> [Finding] {
        let ran = observations.tests.filter { $0.library == .xctest }
        let ranClasses = Set(ran.compactMap(\.qualifiedXCTestClass))
        let ranMethods = Set(ran.compactMap(\.qualifiedOutputName))
        let manifest = analysis.linuxMain
        // What the sources already say never runs, and why (``NeverRunDetector``): not named twice.
        let known = Set(analysis.findings.filter { $0.kind == .neverRan }.compactMap(\.testName))
        var findings: [Finding] = []
        // A class whose tests are also declared in extensions has an entry per declaration: one finding.
        var classesNeverRan = Set<String>()
        for declaration in analysis.classes {
            // A spec Quick's QCKMain runs under `swift test` ran, though not as a test XCTest lists.
            if declaration.isSpec && analysis.entryPointSpecs.contains(declaration.name) { continue }
            guard declaration.ran(among: ranClasses) else {
                let methods = declaration.testMethods.keys.map(declaration.testName)
                if !methods.contains(where: known.contains),
                    classesNeverRan.insert(declaration.module + "." + declaration.name).inserted
                {
                    findings.append(neverRan(class: declaration, manifest: manifest))
                }
                continue
            }
            guard !declaration.isSpec else { continue }
            for (method, line) in declaration.testMethods.sorted(by: { $0.value < $1.value })
            where !ranMethods.contains(declaration.testName(method)) && !known.contains(declaration.testName(method)) {
                let finding = Finding(
                    cause: manifest == nil ? .notDiscovered : .leftOutOfManifest, test: declaration.testID(method),
                    file: declaration.file, line: line,
                    message: "\(declaration.name).\(method) is in the sources and never ran: "
                        + (manifest.map {
                            "on Linux \($0) decides which tests run, and its lists (allTests) leave this one out"
                        }
                            ?? "the runner did not list it"))
                findings.append(finding)
            }
        }
        return findings
    }

    private static func neverRan(class declaration: SourceAnalysis.TestClass, manifest: String?) -> Finding {
        let what = declaration.isSpec ? "The spec" : "The test class"
        let why: String
        let cause: NeverRunCause
        if declaration.isSpec {
            why = "on Linux a QuickSpec runs only when an entry point (QCKMain) lists it"
            cause = .specWithoutEntryPoint
        } else if let manifest {
            why = "on Linux \(manifest) decides which tests run, and it leaves this class out"
            cause = .leftOutOfManifest
        } else {
            why = "its tests are not discovered"
            cause = .notDiscovered
        }
        return Finding(
            cause: cause,
            // The class as the runner names it (`swift test --filter Module.Class` runs it).
            test: TestID(declaration.module.isEmpty ? declaration.name : "\(declaration.module).\(declaration.name)"),
            file: declaration.file, line: declaration.line,
            message: "\(what) \(declaration.name) is in the sources and never ran: \(why)")
    }

    /// A finding of the analysis, naming the discovered test it is in (else the test the sources name).
    private static func tied(_ found: AnalyzedFinding, among tests: [TestIdentity]) -> Finding {
        var tied = found.finding
        tied.test = test(named: found, among: tests)?.id ?? found.testID
        return tied
    }

    /// The discovered test a finding of the analysis names: `Module.Class.method` for XCTest; for Swift
    /// Testing the same file and the analyzer's `Suite/function` ending the test's name.
    static func test(named found: AnalyzedFinding, among tests: [TestIdentity]) -> TestIdentity? {
        found.testName.flatMap { test(named: $0, file: found.finding.file, among: tests) }
    }

    /// The discovered test the analysis names `name` (`Module.Class.method`, `Suite/function`) in `file`.
    static func test(named name: String, file: String?, among tests: [TestIdentity]) -> TestIdentity? {
        if let test = tests.first(where: {
            $0.library == .xctest && ($0.qualifiedOutputName == name || $0.xctestOutputName == name)
        }) {
            return test
        }
        return tests.first { test in
            guard test.library == .swiftTesting, test.file == file else { return false }
            let base = test.name.prefix { $0 != "(" }
            return base == name || base.hasSuffix("/" + name)
        }
    }
}
