import Foundation
import LitmusRunning
import LitmusSupport
import SwiftSyntax

/// `litmus smells`: the audit's static checks alone (``TestSourceAnalyzer``), on a package's test
/// targets or on loose test files and folders, without building; the report has the verdicts of the
/// letters those checks judge (Fast's sleeps, Self-validating) against the same thresholds.
public enum SmellsReport {
    /// A path that cannot be read.
    public struct BadPath: Error, CustomStringConvertible {
        /// The path.
        public var path: String
        /// What is wrong with it, and the fix.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The report of the static checks on `paths`: a folder with Package.swift is read as a package (its
    /// test targets, each a module of its own, as its manifest declares them), any other folder or file
    /// as test sources of one target. File paths in the report are relative to the current folder when
    /// under it.
    public static func make(paths: [String], options: AuditOptions) throws -> AuditReport {
        let started = ContinuousClock.now
        let inputs = try inputs(paths, here: FileManager.default.currentDirectoryPath)
        return try make(paths: paths, inputs, options: options, typedFacts: nil, typedBuild: nil, started: started)
    }

    /// The report of the static checks on one package (`paths` is its folder), decided on the compiler's facts as
    /// `litmus audit` decides them: its test modules' typed ASTs, dumped with the arguments of the package's own
    /// build in `build` (SwiftPM's build folder, `.build`; ``TypedFactsStage``, which keeps them in
    /// `build/litmus-typed` for the next run). A module the compiler cannot dump (a build older than the sources, a
    /// flag it refuses) leaves its findings unconfirmed, and a note says why. Throws ``BadPath`` when `paths` is not
    /// one package, or the build has no description of the configuration (nothing built yet).
    public static func make(paths: [String], options: AuditOptions, typedBuild build: URL) async throws -> AuditReport {
        let started = ContinuousClock.now
        let inputs = try inputs(paths, here: FileManager.default.currentDirectoryPath)
        let (modules, packages) = inputs
        guard paths.count == 1, packages.count == 1 else {
            throw BadPath(
                path: paths.joined(separator: " "),
                reason: "--typed reads one package's build: give the package's folder alone")
        }
        let configuration = PackageBuild(options: options).configurationFolder
        let description = build.appendingPathComponent(configuration).appendingPathComponent("description.json")
        guard FileManager.default.fileExists(atPath: description.path) else {
            let flag = configuration == "debug" ? "" : " -c \(configuration)"
            throw BadPath(
                path: build.path,
                reason: "no build description there (\(configuration)/description.json): build the tests first "
                    + "(`swift build --build-tests\(flag)` in the package), or give its build folder with --build-path")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "litmus-smells-typed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Each file by the path given and by the one its symbolic links resolve to (macOS's `/tmp` is `/private/tmp`):
        // the facts are kept under the path the build compiled, and read back under the given one.
        var byModule: [String: [URL]] = [:]
        var given: [String: String] = [:]
        for (target, files) in modules where !target.isEmpty {
            for file in files {
                let resolved = URL(fileURLWithPath: RealPath.of(file))
                given[resolved.path] = file.path
                byModule[moduleName(of: target), default: []] += resolved.path == file.path ? [file] : [file, resolved]
            }
        }
        var facts = await TypedFactsStage(
            build: build, configuration: configuration, modules: byModule, scratch: scratch
        ).read()
        facts.files = Dictionary(facts.files.map { (given[$0.key] ?? $0.key, $0.value) }) { first, _ in first }
        return try make(
            paths: paths, inputs, options: options, typedFacts: facts, typedBuild: build.path, started: started)
    }

    /// The module SwiftPM compiles a target named `target` as: every character that cannot be in an identifier
    /// made `_`, and `_` before a leading digit (`swift-nio-tests` is `swift_nio_tests`).
    static func moduleName(of target: String) -> String {
        var name = String(target.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// The report of the static checks on `paths` (read as ``inputs(_:here:)`` gives them), with the compiler's facts
    /// when there are some (read from the build in `typedBuild`).
    private static func make(
        paths: [String], _ inputs: Inputs, options: AuditOptions, typedFacts: TypedFacts?, typedBuild: String?,
        started: ContinuousClock.Instant
    ) throws -> AuditReport {
        let here = FileManager.default.currentDirectoryPath
        let (modules, packages) = inputs
        let files = modules.values.reduce(0) { $0 + $1.count }
        // Files of tests no target compiles are findings even when no target compiles any (Moya 15, whose test
        // target is commented out): only a package with neither is no input.
        let uncompiled = packages.flatMap { PackageManifest.uncompiledTests(in: $0.folder, tests: $0.tests) }
        guard files > 0 || !uncompiled.isEmpty else {
            throw noTests(paths: paths, packages: packages.map(\.folder), here: here)
        }
        var analyzer = TestSourceAnalyzer()
        analyzer.checks = Set(options.checks)
        analyzer.sourceFiles = {
            packages.flatMap { package in
                SwiftFiles.under(package.folder).filter { file in
                    !package.tests.contains(file.path)
                        && !SwiftFiles.isVendored(file.path.dropFirst(package.folder.path.count))
                }
            }
        }
        // The build's conditions decide the `#if` clauses read as compiled; where the tests are built, those
        // compiled nowhere: one package's platforms; loose files, any. A package's own targets are SwiftPM's.
        let build = PackageBuild(options: options)
        analyzer.conditions = packages.isEmpty ? build.conditions : build.packageConditions
        if packages.count == 1, let package = packages.first {
            analyzer.platforms = BuildPlatforms.read(package: package.folder, defines: build.conditions)
            // Its other targets, as the audit has them: a test-support library's checks count in the tests.
            analyzer.sourceTargets = (package.folder, package.others)
            analyzer.bundles = BundledResource.testBundles(of: package.folder)
            analyzer.testResources = TestResources.names(in: package.folder)
        }
        analyzer.typedFacts = typedFacts
        var analysis = analyzer.analyze(modules: modules)
        analysis.findings += uncompiled
        analysis.typedFactsProblem = typedFacts?.problem
        let tests = modules.values.joined().reduce(0) { count, url in
            count + ((try? String(contentsOf: url, encoding: .utf8)).map(countTests) ?? 0)
        }
        let prefix = here.hasSuffix("/") ? here : here + "/"
        let all = analysis.findings.filter { options.reports($0.kind) }.map { found -> (Finding, Bool) in
            var finding = found.finding
            finding.test = found.testID ?? found.testName.map { TestID(rawValue: $0) }
            if let file = finding.file, file.hasPrefix(prefix) { finding.file = String(file.dropFirst(prefix.count)) }
            return (finding, found.isNote)
        }.sorted { ($0.0.letter, $0.0.location ?? "", $0.0.message) < ($1.0.letter, $1.0.location ?? "", $1.0.message) }
        let findings = all.filter { !$0.1 }.map(\.0)
        let notes = all.filter(\.1).map(\.0) + SelfValidatingJudge.typedFactsNote(findings, analysis)
        var (verdicts, unmet) = Self.verdicts(of: findings, options: options)
        if let failure = ReportAssembly.hintRule(findings, options.thresholds) { unmet.append(failure) }
        var report = AuditReport(
            // The folder the paths are named from: SARIF's and GitHub's paths are relative to it.
            package: here, seed: 0, options: options,
            wallSeconds: (ContinuousClock.now - started).inSeconds, buildSeconds: 0, tests: [], findings: findings,
            verdicts: verdicts, failingTests: [], unmetThresholds: unmet)
        report.litmusVersion = LitmusVersion.current
        report.smells = SmellsScope(paths: paths, files: files, tests: tests, typedBuild: typedBuild)
        report.notes = notes.isEmpty ? nil : notes
        return report
    }

    /// The test files by module, and each package's folder with its test files and its other targets' folders.
    private typealias Inputs = (
        modules: [String: [URL]], packages: [(folder: URL, tests: Set<String>, others: [String])]
    )

    /// The test files of `paths` (relative to `here`) by module, and each package's folder with its test
    /// files (for its own sources: what their functions return) and its other targets' folders. Throws ``BadPath`` for a path that is
    /// neither a package, a folder nor a `.swift` file.
    private static func inputs(_ paths: [String], here: String) throws -> Inputs {
        var modules: [String: [URL]] = [:]
        var packages: [(folder: URL, tests: Set<String>, others: [String])] = []
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here, isDirectory: true))
                .standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw BadPath(
                    path: path, reason: "no such file or folder; give a package, a test folder or a .swift file")
            }
            if isFolder.boolValue,
                FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
            {
                let targets = try PackageManifest.targets(of: url)
                for (module, files) in targets.tests { modules[module, default: []] += files }
                // Every other Swift file of the package (its targets may live anywhere: SWXMLHash's in Source/),
                // outside hidden and vendored folders, listed only if a smell needs them.
                packages.append(
                    (url.standardizedFileURL, Set(targets.tests.values.joined().map(\.path)), targets.others))
            } else if isFolder.boolValue {
                modules["", default: []] += SwiftFiles.under(url)
            } else if url.pathExtension == "swift" {
                modules["", default: []].append(url)
            } else {
                throw BadPath(path: path, reason: "not a .swift file; give a package, a test folder or a .swift file")
            }
        }
        return (modules, packages)
    }

    /// Why `paths` hold no test to read: what was looked at, the packages' manifests' test targets and every Swift
    /// file they hold, and the folders of tests only something else builds (an Xcode project), which can be given.
    private static func noTests(paths: [String], packages: [URL], here: String) -> BadPath {
        let prefix = here.hasSuffix("/") ? here : here + "/"
        let elsewhere = packages.flatMap { package in
            UncompiledTestFiles.testFolders(in: package).map { folder in
                let path = package.appendingPathComponent(folder).path
                return AuditError.shellWord(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
            }
        }
        let reason =
            packages.isEmpty
            ? "no Swift test file found there; give a test folder or files"
            : elsewhere.isEmpty
                ? "no test found: Package.swift declares no test target with a Swift file, and no Swift file of "
                    + "the package declares a test (an XCTestCase's test method, @Test, @Suite, a Quick spec); "
                    + "give the folder or files that hold its tests"
                : "no test found: Package.swift declares no test target with a Swift file, so `swift test` runs "
                    + "none; tests are declared in \(elsewhere.joined(separator: ", ")), which no target of the "
                    + "package compiles: give \(elsewhere.count == 1 ? "that folder" : "those folders") to read them (`litmus smells "
                    + "\(elsewhere.joined(separator: " "))`)"
        return BadPath(path: paths.joined(separator: " "), reason: reason)
    }

    /// The verdicts of the letters the static checks judge (Fast's sleeps, Self-validating; Isolated's hint
    /// when it found one) against the thresholds, and the thresholds not met.
    private static func verdicts(of findings: [Finding], options: AuditOptions) -> (
        verdicts: [Verdict], unmet: [String]
    ) {
        var verdicts: [Verdict] = []
        var unmet: [String] = []
        for letter in [Letter.fast, .selfValidating] {
            let count = findings.filter { $0.letter == letter && $0.counts }.count
            guard let rule = ReportAssembly.countedRule(letter, count: count, seed: 0, options: options, tests: [])
            else { continue }
            let hints = findings.filter { $0.letter == letter && $0.hint && $0.ignored == nil }.count
            let ignored = findings.filter { $0.letter == letter && $0.ignored != nil }.count
            let summary =
                rule.summary + (hints > 0 ? "; \(ReportAssembly.counted(hints, "hint"))" : "")
                + (ignored > 0 ? "; \(ignored) ignored (litmus:ignore)" : "")
            verdicts.append(
                Verdict(letter: letter, passed: rule.failure == nil, findings: count, summary: summary))
            if let failure = rule.failure { unmet.append(failure) }
        }
        // Isolated has one static check, a hint (mainActorSharedState): its verdict only when it found
        // something, after Fast as FIRST orders them; the rest of the letter needs the tests run.
        let isolated = findings.filter { $0.letter == .isolated }
        if !isolated.isEmpty {
            let hints = isolated.filter { $0.hint && $0.ignored == nil }.count
            let ignored = isolated.filter { $0.ignored != nil }.count
            let summary =
                "\(ReportAssembly.counted(hints, "hint")) (main-actor tests sharing state; `litmus audit` runs the "
                + "tests for order dependence)" + (ignored > 0 ? "; \(ignored) ignored (litmus:ignore)" : "")
            verdicts.insert(
                Verdict(letter: .isolated, passed: true, findings: 0, summary: summary),
                at: verdicts.firstIndex { $0.letter == .selfValidating } ?? verdicts.endIndex)
        }
        return (verdicts, unmet)
    }

    /// The tests of one file, as the smell detectors find them.
    private static func countTests(_ text: String) -> Int {
        let tree = SwiftSource.parse(text)
        return ScannedTests.collect(in: tree, module: "", testClasses: [], compiles: { _ in true }).count
    }
}
