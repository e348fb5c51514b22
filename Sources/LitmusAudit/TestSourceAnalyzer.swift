import Foundation
import SwiftParser
import SwiftSyntax

/// What the sources of the test targets declare, and what reading them finds (Self-validating and Fast).
public struct SourceAnalysis: Sendable, Codable {
    /// A class declaring tests: an XCTestCase subclass with `test…` methods, or a Quick spec.
    public struct TestClass: Sendable, Hashable, Codable {
        /// Its name.
        public var name: String
        /// Its file.
        public var file: String
        /// Its line.
        public var line: Int
        /// Whether it is a Quick spec (`QuickSpec` / `AsyncSpec`), which declares no `test…` method.
        public var isSpec: Bool
        /// Its `test…` methods with their lines.
        public var testMethods: [String: Int]
        /// Whether XCTest ran it, given the classes whose tests ran: itself, or for a spec the class
        /// LitmusSpecs generates to run it on Linux (`<Spec>_Examples`, `<Namespace>_<Spec>_Examples`).
        public func ran(among classes: Set<String>) -> Bool {
            classes.contains(name)
                || (isSpec && classes.contains { $0 == "\(name)_Examples" || $0.hasSuffix("_\(name)_Examples") })
        }

        /// Whether it is compiled only on Apple platforms (`#if canImport(ObjectiveC)`, `#if os(macOS)`, …).
        public var appleOnly = false
    }

    /// Test classes and specs.
    public var classes: [TestClass] = []
    /// Findings, each naming its test as `Class.method` or the function's name, with an absolute file path.
    public var findings: [Finding] = []
    /// The checks of each test, named as the findings name it.
    public var assertionSites: [AssertionSites] = []
    /// The checks of each helper (a function of the test targets that asserts and is no test), by name:
    /// one entry per declaration, as same-named helpers cannot be told apart by name.
    public var helperSites: [String: [AssertionSites]] = [:]
}

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
    static let assertingPrefixes = ["XCTAssert", "assert", "verify", "expect", "waitUntil"]

    /// Creates an analyzer.
    public init() {}

    /// Analyzes the given files (the sources of one test target).
    public func analyze(files: [URL]) -> SourceAnalysis { analyze(targets: [files]) }

    /// Analyzes the sources of the test targets, one list of files per target: a test reaches the
    /// helpers of its own target only (two targets may each declare a helper of the same name).
    public func analyze(targets: [[URL]]) -> SourceAnalysis {
        var analysis = SourceAnalysis()
        for files in targets { analyze(target: files, into: &analysis) }
        analysis.markCallsOfFailingHelpers()
        return analysis
    }

    private func analyze(target files: [URL], into analysis: inout SourceAnalysis) {
        let parsed: [(file: String, tree: SourceFileSyntax, converter: SourceLocationConverter)] = files.compactMap {
            url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
            let tree = Parser.parse(source: text)
            return (url.path, tree, SourceLocationConverter(fileName: url.path, tree: tree))
        }
        // Every function in the target, by name, with what it reaches through the helpers it calls.
        let helpers = HelperIndex(functions: parsed.flatMap { $0.tree.descendants(of: FunctionDeclSyntax.self) })
        for file in parsed {
            for function in file.tree.descendants(of: FunctionDeclSyntax.self)
            where !HelperIndex.isTest(function) && helpers.asserting.contains(function.name.text) {
                if let sites = AssertionSites.find(
                    in: function, named: function.name.text, file: file.file, helpers: helpers,
                    converter: file.converter)
                {
                    analysis.helperSites[function.name.text, default: []].append(sites)
                }
            }
            func line(_ node: some SyntaxProtocol) -> Int {
                node.startLocation(converter: file.converter).line
            }
            for declaration in file.tree.descendants(of: ClassDeclSyntax.self) {
                let inherited = declaration.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                let isSpec = inherited.contains { $0 == "QuickSpec" || $0 == "AsyncSpec" || $0.hasSuffix(".QuickSpec") }
                var methods: [String: Int] = [:]
                for member in declaration.memberBlock.members {
                    guard let function = member.decl.as(FunctionDeclSyntax.self), isXCTestMethod(function) else {
                        continue
                    }
                    methods[function.name.text] = line(function)
                }
                guard isSpec || (!methods.isEmpty && !inherited.isEmpty) else { continue }
                let name = declaration.name.text
                analysis.classes.append(
                    .init(
                        name: name, file: file.file, line: line(declaration), isSpec: isSpec, testMethods: methods,
                        appleOnly: declaration.isAppleOnly))
                for member in declaration.memberBlock.members {
                    guard let function = member.decl.as(FunctionDeclSyntax.self), isXCTestMethod(function) else {
                        continue
                    }
                    analysis.findings += findings(
                        in: function, test: "\(name).\(function.name.text)", library: .xctest, helpers: helpers,
                        file: file.file, line: line)
                    analysis.assertionSites +=
                        AssertionSites.find(
                            in: function, named: "\(name).\(function.name.text)", file: file.file, helpers: helpers,
                            converter: file.converter
                        ).map { [$0] } ?? []
                }
            }
            for function in file.tree.descendants(of: FunctionDeclSyntax.self) where isSwiftTestingTest(function) {
                let owner = function.ancestorTypeName.map { "\($0)/" } ?? ""
                analysis.findings += findings(
                    in: function, test: "\(owner)\(function.name.text)", library: .swiftTesting, helpers: helpers,
                    file: file.file, line: line)
                analysis.assertionSites +=
                    AssertionSites.find(
                        in: function, named: "\(owner)\(function.name.text)", file: file.file, helpers: helpers,
                        converter: file.converter
                    ).map { [$0] } ?? []
            }
            for call in file.tree.descendants(of: FunctionCallExprSyntax.self)
            where CallCollector.isSleep(call) && !CallCollector.isPollInterval(call) {
                let owner = call.enclosingFunctionName ?? "test code"
                analysis.findings.append(
                    Finding(
                        kind: .sleepInTest, test: owner, file: file.file, line: line(call),
                        message: "\(owner) sleeps: \(call.trimmedDescription.prefix(60))"))
            }
            for call in IgnoredCheckDetector.unevaluatedExpectations(in: file.tree, helpers: helpers) {
                let owner = call.enclosingFunctionName ?? "test code"
                analysis.findings.append(
                    Finding(
                        kind: .unevaluatedExpectation, test: owner, file: file.file, line: line(call),
                        message:
                            "\(owner): `\(call.trimmedDescription.prefix(60))` is never evaluated: no .to, .toNot or .toEventually follows it"
                    ))
            }
            for node in file.tree.descendants(of: Syntax.self) {
                if let message = TautologyDetector.message(for: node) {
                    let owner = node.enclosingFunctionName ?? "test code"
                    analysis.findings.append(
                        Finding(
                            kind: .tautology, test: owner, file: file.file, line: line(node),
                            message: "\(owner): \(message)"))
                }
            }
        }
    }

    static func asserts(_ name: String) -> Bool {
        assertingNames.contains(name) || assertingPrefixes.contains { name.hasPrefix($0) }
    }

    private func isXCTestMethod(_ function: FunctionDeclSyntax) -> Bool {
        function.name.text.hasPrefix("test") && function.signature.parameterClause.parameters.isEmpty
            && !function.modifiers.contains {
                $0.name.text == "static" || $0.name.text == "class" || $0.name.text == "private"
            }
    }

    private func isSwiftTestingTest(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }
    }

    private func findings(
        in function: FunctionDeclSyntax, test: String, library: TestLibrary, helpers: HelperIndex, file: String,
        line: (Syntax) -> Int
    ) -> [Finding] {
        guard let body = function.body else { return [] }
        var found: [Finding] = []
        let called = CallCollector.names(in: Syntax(body))
        let assertsSomething =
            called.contains(where: Self.asserts) || !called.isDisjoint(with: helpers.asserting)
            || CallCollector.hasPlainTry(in: Syntax(body))
        if !assertsSomething {
            found.append(
                Finding(
                    kind: .noAssertion, test: test, file: file, line: line(Syntax(function)),
                    message: "\(test) asserts nothing: it passes whatever the code does"))
        }
        // A `try?` in a `defer` is cleanup (removing a temporary file), not the code under test.
        for tryExpression in body.descendants(of: TryExprSyntax.self)
        where tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            && tryExpression.resultIsDiscarded && !tryExpression.isInDefer
        {
            found.append(
                Finding(
                    kind: .swallowedError, test: test, file: file, line: line(Syntax(tryExpression)),
                    message: "\(test) discards an error with `\(tryExpression.trimmedDescription.prefix(60))`"))
        }
        let createsExpectation = called.contains("expectation") || called.contains("XCTestExpectation")
        let waits = called.contains { ["wait", "waitForExpectations", "fulfillment"].contains($0) }
        if createsExpectation && !waits {
            found.append(
                Finding(
                    kind: .unwaitedExpectation, test: test, file: file, line: line(Syntax(function)),
                    message: "\(test) creates an expectation and never waits for it"))
        }
        let ignored =
            library == .swiftTesting
            ? IgnoredCheckDetector.xctestAssertions(in: body, test: test, helpers: helpers)
                .map { (FindingKind.xctestAssertionInSwiftTesting, $0) }
            : IgnoredCheckDetector.expectMacros(in: body, test: test, helpers: helpers).map { (.expectInXCTest, $0) }
        let unawaited = IgnoredCheckDetector.unawaitedAssertions(in: body, test: test, helpers: helpers)
            .map { (FindingKind.unawaitedAssertion, $0) }
        for (kind, place) in ignored + unawaited {
            found.append(Finding(kind: kind, test: test, file: file, line: line(place.node), message: place.message))
        }
        return found
    }
}
