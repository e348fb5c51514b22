import Foundation
import LitmusRunning
import SwiftSyntax

/// Reads test sources with swift-syntax: tests without assertions (helpers that assert are followed
/// across files), tautological assertions, `try?` discarding the error under test, expectations never
/// waited for, sleeps, and the test classes and specs the runner should have run.
public struct TestSourceAnalyzer: Sendable {
    /// Calls that assert wherever they are defined (XCTest, Swift Testing's `Issue.record`, Nimble,
    /// custom-dump, snapshot testing, Litmus verifications), besides names starting with a prefix below.
    static let assertingNames: Set<String> = [
        "XCTFail", "XCTUnwrap", "XCTExpectFailure", "record", "expect", "require", "fail", "wait",
        "waitForExpectations", "fulfillment", "confirmation", "expectNoDifference", "expectDifference",
        "verify", "verifyNever", "verifyCalled", "withKnownIssue",
    ]
    static let assertingPrefixes = ["XCTAssert", "assert", "Assert", "verify", "expect", "waitUntil"]

    /// The version of the Swift compiler the tests are built with, as its components (`[6, 3]`): from 6.4
    /// Swift Testing reports an XCTest assertion's failure in a `@Test` (ST-0021), so such a check is
    /// advice there, not a check that cannot fail.
    public var compilerVersion: [Int]
    /// The package's own source files (its targets that are not tests), listed and read only when a smell
    /// needs what a function there returns (``SourceFunctions``, which reads the test files too); none:
    /// such smells are judged without them.
    public var sourceFiles: @Sendable () -> [URL] = { [] }
    /// The package and the folders of its targets that are not tests (relative to it), when known: the
    /// test-support libraries among them (``UncoveredFileReasons/testSupportTargets(_:in:testOnly:)``) lend
    /// every function of theirs as a helper, not only those of their files that import XCTest or Testing
    /// (``supportFunctions(in:)``).
    public var sourceTargets: (package: URL, folders: [String])?
    /// What the compiler knows of the test sources (``TypedFacts``): the audit reads it from its build;
    /// `nil` without a build (`litmus smells`), when the findings whose rules ask it are unconfirmed.
    public var typedFacts: TypedFacts?
    /// The package's own checks, by function name (`checks` in `.litmus-audit.json`): a test calling one
    /// asserts something, as one calling a library's check does (``LibraryChecks``).
    public var checks: Set<String> = []
    /// The files each test target puts in `Bundle.module`, by module (``BundledResource/testBundles(of:)``).
    public var bundles: [String: Set<String>] = [:]
    /// The names of the files and folders in the package's test folders (``TestResources/names(in:)``).
    public var testResources: Set<String> = []
    /// The platforms the package's tests are built for (this run's and its CI workflows'), against which a
    /// test inside an `#if` is compiled out everywhere (``CompiledOutDetector``); every platform by default.
    var platforms = BuildPlatforms.unknown
    /// The custom conditions the build defines (`DEBUG` in a debug build, `-Xswiftc -DNAME`, enabled traits):
    /// which `#if` clauses the checks read as compiled.
    var conditions: Set<String> = ["DEBUG"]

    /// Creates an analyzer for tests built by `compilerVersion` (by default the toolchain's, as the
    /// analysis's build configuration knows it).
    public init(compilerVersion: [Int]? = nil) {
        self.compilerVersion = compilerVersion ?? Self.toolchainVersion
    }

    /// The version of the compiler that built litmus, as the analysis's build configuration knows it
    /// (`[6, 3]`): what SwiftPM compares manifests' versions with, and the analysis's default.
    static var toolchainVersion: [Int] { HostBuildConfiguration().compilerVersion.components }

    /// Whether Swift Testing reports XCTest's failures in a `@Test` (Swift 6.4 and later, ST-0021).
    var swiftTestingReportsXCTestFailures: Bool { !compilerVersion.lexicographicallyPrecedes([6, 4]) }

    /// Analyzes the given files (the sources of one test target whose module is not known).
    public func analyze(files: [URL]) -> SourceAnalysis { analyze(modules: ["": files]) }

    /// Analyzes the sources of the test targets by test module (its tests' identifiers start with it):
    /// a test reaches the helpers of its own target only, and a class is told from another target's class
    /// of the same name by its module.
    public func analyze(modules: [String: [URL]]) -> SourceAnalysis {
        var analysis = SourceAnalysis()
        let list = sourceFiles
        let tests = modules.values.flatMap { $0 }
        let packageFiles = list()
        let sources = SourceFunctions(
            files: { packageFiles + tests }, readsPackage: !packageFiles.isEmpty, tests: tests)
        let texts = PackageTexts(files: list)
        let support = supportFunctions(in: packageFiles)
        let underTest = CodeUnderTest(package: sourceTargets?.package, folders: sourceTargets?.folders ?? [])
        for (module, files) in modules.sorted(by: { $0.key < $1.key }) {
            analyze(
                target: files, module: module, sources: sources, texts: texts, underTest: underTest, support: support,
                into: &analysis)
        }
        analysis.markCallsOfFailingHelpers()
        return analysis
    }

    /// One parsed file of a test target, with what its build compiles.
    struct ParsedFile {
        var file: String
        var text: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var compiled: CompiledRegions
        /// Every node of the tree, in source order: walked once, read by each query below.
        var all: [Syntax]
        /// What the compiler knows of the file, if anything.
        var typed: TypedFileFacts?
        /// Why ``typed`` is missing, for the findings its rules could not confirm.
        var unconfirmed: String
        /// The modules it imports.
        var imports: Set<String>

        func line(_ node: some SyntaxProtocol) -> Int { node.startLocation(converter: converter).line }
        /// The nodes of type `T` the build compiles.
        func compiledNodes<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
            all.compactMap { $0.as(T.self) }.filter(compiled.compiles)
        }
    }

    private func analyze(
        target files: [URL], module: String, sources: SourceFunctions?, texts: PackageTexts? = nil,
        underTest: CodeUnderTest? = nil, support: [FunctionDeclSyntax] = [], into analysis: inout SourceAnalysis
    ) {
        let parsed: [ParsedFile] = files.compactMap(parse)
        // Every function in the target the build compiles, by name, with what it reaches through the
        // helpers it calls.
        let otherPlatforms = parsed.flatMap { file in
            file.all.compactMap { $0.as(StringLiteralExprSyntax.self) }.filter { !file.compiled.compiles($0) }
                .compactMap { SmellScan.literalText(ExprSyntax($0)) }.filter { $0.hasPrefix("test") }
        }
        if !otherPlatforms.isEmpty {
            analysis.listedForOtherPlatforms = Array(Set((analysis.listedForOtherPlatforms ?? []) + otherPlatforms))
                .sorted()
        }
        let functions = parsed.flatMap { $0.compiledNodes(FunctionDeclSyntax.self) } + support
        // Every declaration of each file the build compiles.
        let declarations = parsed.map { file in (file.compiledNodes(DeclSyntax.self), file.file) }
        var helpers = HelperIndex(functions: functions, types: declarations.flatMap(\.0), configured: checks)
        helpers.sources = sources
        helpers.texts = texts
        helpers.codeUnderTest = underTest
        let types = declarations.flatMap { nodes, file in nodes.filter(\.isNominalType).map { ($0, file) } }
        helpers.checkingTypes = CheckingTypes.names(in: types)
        helpers.tableHelpers = TableHelpers.index(of: functions, records: TableHelpers.records(in: types.map(\.0)))
        helpers.runTypes = parsed.reduce(into: []) { $0.formUnion(FixtureRuns.types(runIn: Syntax($1.tree))) }
        for file in parsed {
            for item in file.tree.statements {
                guard let declaration = item.item.as(VariableDeclSyntax.self), file.compiled.compiles(declaration)
                else { continue }
                for name in declaration.bindings.compactMap({
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                }) {
                    helpers.targetConstants[name, default: []].append(declaration)
                }
            }
        }
        // Tests that look alive and that no runner runs (their file's `litmus:ignore` comments apply with its
        // smells, below).
        let files = parsed.map { file in
            NeverRunDetector.File(
                file: file.file, converter: file.converter, nodes: file.all, compiles: { file.compiled.compiles($0) })
        }
        analysis.findings += NeverRunDetector.findings(
            in: files, module: module, types: TargetTypes(files: parsed.map(\.all)), sources: sources,
            skipping: helpers.runTypes)
        analysis.findings += CompiledOutDetector.findings(
            in: Array(zip(parsed.map(\.tree), files)), module: module, platforms: platforms)
        // The classes of the target that inherit from something: those whose extensions may declare tests. Not those
        // that list a protocol first, which have no superclass.
        helpers.noSuperclass = ScannedTests.classesWithoutSuperclass(
            in: parsed.map { ($0.tree, $0.all) }, sources: sources)
        let testClassNames = Set(
            parsed.flatMap { file in
                file.compiledNodes(ClassDeclSyntax.self).filter { $0.inheritanceClause != nil }.map(\.name.text)
            }
        ).subtracting(helpers.noSuperclass)
        for file in parsed {
            for function in file.compiledNodes(FunctionDeclSyntax.self)
            where !HelperIndex.isTest(function) && helpers.asserting.contains(function.name.text) {
                if let sites = AssertionSites.find(
                    in: function, named: function.name.text, file: file.file, helpers: helpers,
                    converter: file.converter)
                {
                    analysis.helperSites[function.name.text, default: []].append(sites)
                }
            }
            analyzeTestClasses(
                of: file, module: module, testClassNames: testClassNames, helpers: helpers, into: &analysis)
            analyzeSwiftTestingTests(of: file, helpers: helpers, into: &analysis)
            analyzeChecks(of: file, helpers: helpers, sources: sources, into: &analysis)
            addSmells(of: file, module: module, testClasses: testClassNames, helpers: helpers, into: &analysis)
        }
        addMainActorSharedState(of: parsed, into: &analysis)
    }

    /// `url` read and parsed, with the compiler's facts of it; `nil` when it cannot be read.
    func parse(_ url: URL) -> ParsedFile? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let tree = SwiftSource.parse(text)
        return ParsedFile(
            file: url.path, text: text, tree: tree,
            converter: SourceLocationConverter(fileName: url.path, tree: tree),
            compiled: CompiledRegions(tree, configuration: HostBuildConfiguration(conditions: conditions)),
            all: tree.descendants(of: Syntax.self),
            typed: typedFacts?.file(url.path), unconfirmed: typedFacts?.missing(url.path) ?? TypedFacts.noBuild,
            imports: LibraryChecks.imports(of: tree))
    }

    /// The XCTest classes and Quick specs of `file` the build compiles, and the tests declared in extensions
    /// of test classes, each analyzed.
    private func analyzeTestClasses(
        of file: ParsedFile, module: String, testClassNames: Set<String>, helpers: HelperIndex,
        into analysis: inout SourceAnalysis
    ) {
        // The compiler's facts, where there are any, say which classes the build compiled: an `#if` on a
        // module the package does not have (`canImport(Combine) || canImport(OpenCombine)`) leaves it out.
        for declaration in file.compiledNodes(ClassDeclSyntax.self)
        where file.typed?.declares("class_decl", named: declaration.name) ?? true {
            let inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            let isSpec = ScannedTests.isSpec(declaration) || helpers.isSpecClass(declaration.name.text)
            let testMethods = compiledTestMethods(declaration.memberBlock, file: file)
            guard
                isSpec
                    || (!testMethods.isEmpty && !inherited.isEmpty
                        && !helpers.noSuperclass.contains(declaration.name.text))
            else { continue }
            let testClass = SourceAnalysis.TestClass(
                name: declaration.name.text, module: module, file: file.file, line: file.line(declaration),
                isSpec: isSpec,
                testMethods: Dictionary(testMethods.map { ($0.name.text, file.line($0)) }) { first, _ in first })
            analyzeTests(testMethods, of: testClass, helpers: helpers, file: file, into: &analysis)
            if isSpec {
                analysis.findings += specSleeps(in: declaration, spec: testClass.name, helpers: helpers, file: file)
            }
        }
        // Tests declared in an extension of a test class, often in a file of their own
        // (weichsel/ZIPFoundation's `extension ZIPFoundationTests`): an entry of their own, with that
        // file, so each test is located where it is written.
        // An extension of a class named for tests (`…Tests`, `…Test`) whose declaration is elsewhere.
        for declaration in file.compiledNodes(ExtensionDeclSyntax.self)
        where
            (testClassNames.contains(declaration.extendedType.trimmedDescription)
            || ["Tests", "Test"].contains(where: declaration.extendedType.trimmedDescription.hasSuffix))
            && file.typed?.declares("extension_decl", named: declaration.extendedType) ?? true
        {
            let testMethods = compiledTestMethods(declaration.memberBlock, file: file)
            guard !testMethods.isEmpty else { continue }
            let testClass = SourceAnalysis.TestClass(
                name: declaration.extendedType.trimmedDescription, module: module, file: file.file,
                line: file.line(declaration), isSpec: false,
                testMethods: Dictionary(testMethods.map { ($0.name.text, file.line($0)) }) { first, _ in first })
            analyzeTests(testMethods, of: testClass, helpers: helpers, file: file, into: &analysis)
        }
    }

    /// The Swift Testing tests of `file`, each analyzed; its type names; its performance tests.
    private func analyzeSwiftTestingTests(
        of file: ParsedFile, helpers: HelperIndex, into analysis: inout SourceAnalysis
    ) {
        // A hidden test is a fixture other tests run (``ScannedTests/isHidden(_:)``), not a test of the suite.
        for function in file.compiledNodes(FunctionDeclSyntax.self)
        where isSwiftTestingTest(function) && !ScannedTests.isHidden(function) {
            let name = Self.swiftTestingName(function)
            analysis.findings += findings(
                in: function, test: name, shown: name, library: .swiftTesting, helpers: helpers, file: file)
            analysis.assertionSites +=
                AssertionSites.find(
                    in: function, named: name, file: file.file, helpers: helpers, converter: file.converter
                ).map { [$0] } ?? []
        }
        analysis.typeNames[file.file] = Self.typeNames(in: file)
        let measuring = file.compiledNodes(FunctionDeclSyntax.self).filter { function in
            isXCTestMethod(function) && function.body.map { CallCollector.measuresPerformance(in: Syntax($0)) } == true
        }.map { file.line($0) }
        if !measuring.isEmpty { analysis.measuringTests[file.file] = measuring }
    }

    /// The target's main-actor tests that write state other tests read (``MainActorSharedStateDetector``: it
    /// reads the whole target at once), and the `litmus:ignore` comments of that kind.
    private func addMainActorSharedState(of parsed: [ParsedFile], into analysis: inout SourceAnalysis) {
        let found = MainActorSharedStateDetector.findings(
            in: parsed.map { .init(tree: $0.tree, text: $0.text, file: $0.file, converter: $0.converter) })
        guard !found.isEmpty else { return }
        analysis.findings += found
        for file in parsed where found.contains(where: { $0.file == file.file }) {
            var comments = IgnoreComments(text: file.text)
            // The other kinds' comments were applied with the file's smells.
            comments.directives.removeAll { $0.kind != FindingKind.mainActorSharedState.rawValue }
            comments.apply(to: &analysis.findings, file: file.file)
        }
    }

    /// The test smells of `file` (``SmellScan``): an empty test is reported as empty, not also as asserting
    /// nothing; then its `litmus:ignore` comments mark the findings they silence.
    private func addSmells(
        of file: ParsedFile, module: String, testClasses: Set<String>, helpers: HelperIndex,
        into analysis: inout SourceAnalysis
    ) {
        let smells = SmellScan.findings(
            in: file.tree, file: file.file, module: module, testClasses: testClasses, helpers: helpers,
            // Every branch of an `#if`: a smell in a test another platform compiles is still one. Not `#if false`, which
            // no platform compiles (its test is never run, which neverRan says).
            converter: file.converter, compiles: { !CompiledRegions.neverCompiled($0) },
            compiledHere: { file.compiled.compiles($0) },
            typed: file.typed, unconfirmed: file.unconfirmed, bundled: bundles[module],
            resources: testResources)
        let empty = Set(smells.filter { $0.kind == .emptyTest }.compactMap(\.testName))
        analysis.findings.removeAll {
            $0.kind == .noAssertion && $0.file == file.file && empty.contains($0.testName ?? "")
        }
        analysis.findings += smells
        IgnoreComments(text: file.text).apply(to: &analysis.findings, file: file.file)
    }

    /// The `test…` methods of `members` the build compiles.
    private func compiledTestMethods(_ members: MemberBlockSyntax, file: ParsedFile) -> [FunctionDeclSyntax] {
        members.members.compactMap { member -> FunctionDeclSyntax? in
            guard let function = member.decl.as(FunctionDeclSyntax.self), isXCTestMethod(function),
                file.compiled.compiles(function)
            else { return nil }
            return function
        }
    }

    /// Records `testClass` and reads each of its `testMethods`: their findings and their checks.
    private func analyzeTests(
        _ testMethods: [FunctionDeclSyntax], of testClass: SourceAnalysis.TestClass, helpers: HelperIndex,
        file: ParsedFile, into analysis: inout SourceAnalysis
    ) {
        analysis.classes.append(testClass)
        for function in testMethods {
            let name = testClass.testName(function.name.text)
            analysis.findings += findings(
                in: function, test: name, shown: "\(testClass.name).\(function.name.text)", library: .xctest,
                helpers: helpers, file: file
            ).map { found in
                var identified = found
                identified.testID = testClass.testID(function.name.text)
                return identified
            }
            analysis.assertionSites +=
                AssertionSites.find(
                    in: function, named: name, file: file.file, helpers: helpers, converter: file.converter
                ).map { [$0] } ?? []
        }
    }

    /// The capitalized names `file`'s compiled code uses, as types or references.
    private static func typeNames(in file: ParsedFile) -> [String] {
        let types = file.compiledNodes(IdentifierTypeSyntax.self).map(\.name.text)
        let references = file.compiledNodes(DeclReferenceExprSyntax.self).map(\.baseName.text)
        return Set((types + references).filter { $0.first?.isUppercase == true }).sorted()
    }

    /// The name the analysis gives a Swift Testing test function: `Suite/function`, or `function` at the
    /// file's top level.
    static func swiftTestingName(_ function: FunctionDeclSyntax) -> String {
        (function.ancestorTypeName.map { "\($0)/" } ?? "") + function.name.text
    }

    /// The sleeps in a Quick spec's examples and hooks, each named after its spec.
    private func specSleeps(
        in spec: ClassDeclSyntax, spec name: String, helpers: HelperIndex, file: ParsedFile
    ) -> [AnalyzedFinding] {
        let bodies = spec.descendants(of: FunctionCallExprSyntax.self).filter { call in
            guard let called = CallCollector.calledName(call.calledExpression) else { return false }
            return SleepDetector.quickBodies.contains(called)
        }.compactMap { $0.trailingClosure ?? $0.arguments.last?.expression.as(ClosureExprSyntax.self) }
        return bodies.flatMap { sleeps(in: $0, test: name, shown: name, helpers: helpers, file: file) }
    }

    /// Whether a call of `name` checks something: a name above, or one starting with a prefix above, leading
    /// underscores aside (swift-snapshot-testing's `_assertInlineSnapshot(matching:as:with:)`, the inline snapshot
    /// check before its own module, which pointfreeco/isowords calls).
    static func asserts(_ name: String) -> Bool {
        let bare = String(name.drop { $0 == "_" })
        return assertingNames.contains(bare) || assertingPrefixes.contains { bare.hasPrefix($0) }
    }

    /// A `test…()` method XCTest would run: not static, class or private, and not a Swift Testing test
    /// (`@Test func testExitCode()` in an extension of a suite named `…Tests`, as swiftlang/swift-subprocess
    /// writes them, is Swift Testing's whatever its name).
    private func isXCTestMethod(_ function: FunctionDeclSyntax) -> Bool {
        !isSwiftTestingTest(function) && function.name.text.hasPrefix("test")
            && function.signature.parameterClause.parameters.isEmpty
            && !function.modifiers.contains {
                $0.name.text == "static" || $0.name.text == "class" || $0.name.text == "private"
            }
    }

    private func isSwiftTestingTest(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }
    }
}
