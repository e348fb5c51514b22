import SwiftSyntax

/// Tests that look alive and that no runner runs, read from a test target's sources (docs/audit.md, "Tests
/// that never run"): a `test…` function without `@Test` in a Swift Testing suite; an XCTest `test…` method
/// taking parameters, returning a value, `static`, `private` or `fileprivate`; `test…` methods in a type
/// that does not inherit `XCTestCase`, or in an extension of `XCTestCase` or of a protocol; tests a class
/// inherits from a class of another module. Measured on Swift 6.3.1 (Linux): SwiftPM's test discovery
/// lists none of them, and lists the tests of an extension of a test class in any file of its module.
///
/// A function of such a name that the target refers to anywhere is a helper (`testHelper(_:)` called by a
/// test, a `test…` of a suite a `@Test` calls, an `allTests` entry), never a finding.
enum NeverRunDetector {
    /// One file of the target.
    struct File {
        var file: String
        var converter: SourceLocationConverter
        /// Every node, in source order.
        var nodes: [Syntax]
        /// Whether this platform's build compiles a node.
        var compiles: (Syntax) -> Bool
    }

    /// The findings of the target whose files are `files`, in test module `module`; `sources` (the
    /// package's other files) tell what a class of another module declares.
    static func findings(
        in files: [File], module: String, types: TargetTypes, sources: SourceFunctions?, skipping fixtures: Set<String>
    ) -> [AnalyzedFinding] {
        var found: [AnalyzedFinding] = []
        for file in files {
            let imports = Set(file.nodes.compactMap { $0.as(ImportDeclSyntax.self)?.path.first?.name.text })
            for function in file.nodes.compactMap({ $0.as(FunctionDeclSyntax.self) })
            where file.compiles(Syntax(function)) && function.name.text.hasPrefix("test")
                && !ScannedTests.isSwiftTestingTest(function) && !types.referenced.contains(function.name.text)
            {
                guard let (cause, owner, why) = cause(of: function, types: types, imports: imports),
                    !fixtures.contains(owner ?? "")
                else { continue }
                let shown = (owner.map { "\($0)." } ?? "") + signature(function)
                var finding = AnalyzedFinding(
                    cause: cause, testName: testName(function, owner: owner, module: module, cause: cause),
                    file: file.file, line: function.startLocation(converter: file.converter).line,
                    message: "\(shown) \(why)")
                if cause.isXCTest, let owner {
                    finding.testID = TestID((module.isEmpty ? "" : module + ".") + "\(owner)/\(function.name.text)")
                }
                found.append(finding)
            }
            found += inherited(in: file, module: module, types: types, sources: sources)
        }
        return found
    }

    /// Why `function`, named `test…` and referred to nowhere, never runs, with the type it is declared in
    /// and the words saying why; `nil` when it runs, or may.
    private static func cause(of function: FunctionDeclSyntax, types: TargetTypes, imports: Set<String>)
        -> (NeverRunCause, String?, String)?
    {
        guard let container = container(of: function) else { return nil }
        let modifiers = Set(function.modifiers.map(\.name.text))
        let plain =
            function.signature.parameterClause.parameters.isEmpty && returnsNothing(function)
            && !modifiers.contains("static") && !modifiers.contains("class")
        switch container {
        case .type(let name, let kind):
            if kind == "class" || kind == "extension", types.isTestCase(name) {
                return xctestShape(function, modifiers: modifiers).map { ($0.0, name, $0.1) }
            }
            if types.suites.contains(name) {
                guard isTestName(function.name.text) else { return nil }
                return (.missingTestAttribute, name, "has no @Test: Swift Testing never runs it, and nothing calls it")
            }
            if kind == "extension", name == "XCTestCase" || types.protocols.contains(name) {
                guard plain, isTestName(function.name.text) else { return nil }
                let what = name == "XCTestCase" ? "XCTestCase itself" : "the protocol \(name)"
                return (
                    .extensionNotDiscovered, name,
                    "is declared in an extension of \(what): test discovery never lists it, and nothing calls it"
                )
            }
            guard plain, isTestName(function.name.text), looksLikeATest(function, type: name) else { return nil }
            if kind == "class" || kind == "extension" {
                guard types.lineage(of: name) == .notTestCase else { return nil }
            } else if kind == "protocol" {
                return nil
            }
            if imports.contains("Testing") && !imports.contains("XCTest") {
                return (.missingTestAttribute, name, "has no @Test: Swift Testing never runs it, and nothing calls it")
            }
            let what =
                kind == "class" || kind == "extension"
                ? "a class that does not inherit" : "a \(kind), which cannot inherit"
            return (.notATestCase, name, "is in \(what) XCTestCase: XCTest never runs it, and nothing calls it")
        case .topLevel:
            guard plain, isTestName(function.name.text), imports.contains("Testing"),
                looksLikeATest(function, type: nil)
            else { return nil }
            return (.missingTestAttribute, nil, "has no @Test: Swift Testing never runs it, and nothing calls it")
        }
    }

    /// Why an XCTest test class's `test…` method never runs: its shape.
    private static func xctestShape(_ function: FunctionDeclSyntax, modifiers: Set<String>)
        -> (NeverRunCause, String)?
    {
        if modifiers.contains("static") || modifiers.contains("class") {
            return (.staticMethod, "is static: XCTest runs instance methods only, and nothing calls it")
        }
        if !function.signature.parameterClause.parameters.isEmpty {
            return (.takesParameters, "takes parameters: XCTest never runs it, and nothing calls it")
        }
        if !returnsNothing(function), let type = function.signature.returnClause?.type.trimmedDescription {
            return (.returnsValue, "returns \(type): XCTest runs only methods returning nothing, and nothing calls it")
        }
        if let hidden = modifiers.first(where: { $0 == "private" || $0 == "fileprivate" }) {
            return (.privateMethod, "is \(hidden): SwiftPM's test discovery on Linux skips it, and nothing calls it")
        }
        return nil
    }

    /// The tests the classes of `file` inherit from a class of another module that the package's sources
    /// declare: on Linux, discovery lists only the methods of the test module's own declarations.
    private static func inherited(in file: File, module: String, types: TargetTypes, sources: SourceFunctions?)
        -> [AnalyzedFinding]
    {
        guard let sources else { return [] }
        return file.nodes.compactMap { $0.as(ClassDeclSyntax.self) }.filter { file.compiles(Syntax($0)) }.compactMap {
            declaration -> AnalyzedFinding? in
            guard case .otherModule(let base) = types.lineage(of: declaration.name.text),
                let tests = sources.inheritedTests(of: base), !tests.methods.isEmpty
            else { return nil }
            let own = Set(
                declaration.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
            let lost = tests.methods.filter { !own.contains($0) }
            guard let first = lost.first else { return nil }
            let name = declaration.name.text
            let listed = lost.prefix(3).map { "\($0)()" }.joined(separator: ", ") + (lost.count > 3 ? ", …" : "")
            var finding = AnalyzedFinding(
                cause: .inheritedFromOtherModule, testName: (module.isEmpty ? "" : module + ".") + "\(name).\(first)",
                file: file.file, line: declaration.startLocation(converter: file.converter).line,
                message:
                    "\(name) inherits \(lost.count == 1 ? "a test" : "\(lost.count) tests") (\(listed)) from \(base), "
                    + "a class of another module (\(tests.file)): on Linux, test discovery lists only the tests its "
                    + "own module declares, so \(lost.count == 1 ? "it never runs" : "they never run") for \(name)")
            finding.testID = TestID((module.isEmpty ? "" : module + ".") + "\(name)/\(first)")
            return finding
        }
    }

    /// Where a function is declared: a type's members (its name, and `class`, `struct`, `enum`, `actor`,
    /// `protocol` or `extension`), or the file's top level; `nil` for a local function.
    private enum Container {
        case type(String, String)
        case topLevel
    }

    private static func container(of function: FunctionDeclSyntax) -> Container? {
        var node = function.parent
        while let current = node {
            if current.is(MemberBlockSyntax.self) { break }
            if current.is(SourceFileSyntax.self) { return .topLevel }
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) { return nil }
            node = current.parent
        }
        guard let owner = node?.parent else { return nil }
        if let declaration = owner.as(ClassDeclSyntax.self) { return .type(declaration.name.text, "class") }
        if let declaration = owner.as(StructDeclSyntax.self) { return .type(declaration.name.text, "struct") }
        if let declaration = owner.as(EnumDeclSyntax.self) { return .type(declaration.name.text, "enum") }
        if let declaration = owner.as(ActorDeclSyntax.self) { return .type(declaration.name.text, "actor") }
        if let declaration = owner.as(ProtocolDeclSyntax.self) { return .type(declaration.name.text, "protocol") }
        if let declaration = owner.as(ExtensionDeclSyntax.self) {
            return .type(TargetTypes.simpleName(declaration.extendedType.trimmedDescription), "extension")
        }
        return nil
    }

    /// `test`, or `test` followed by a capital, a digit or `_` (`testTotal`, `test_total`): not `tests()`,
    /// `testable`, `testing()`.
    static func isTestName(_ name: String) -> Bool {
        guard name.hasPrefix("test") else { return false }
        guard let next = name.dropFirst(4).first else { return true }
        return next.isUppercase || next.isNumber || next == "_"
    }

    /// Whether a function outside any test class reads as a test: its type is named for tests, or it checks.
    private static func looksLikeATest(_ function: FunctionDeclSyntax, type: String?) -> Bool {
        if let type, ["Tests", "Test", "TestCase", "Spec"].contains(where: type.hasSuffix) { return true }
        guard let body = function.body else { return false }
        return CallCollector.names(in: Syntax(body)).contains(where: TestSourceAnalyzer.asserts)
    }

    /// No result, `Void` or `()`.
    private static func returnsNothing(_ function: FunctionDeclSyntax) -> Bool {
        guard let type = function.signature.returnClause?.type.trimmedDescription else { return true }
        return type == "Void" || type == "()"
    }

    /// `name()` or `name(_:label:)`.
    private static func signature(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined()
        return "\(function.name.text)(\(labels))"
    }

    /// The analysis's name for the test: `Module.Class.method` for XCTest's shapes, `Suite/function` for
    /// Swift Testing's.
    private static func testName(_ function: FunctionDeclSyntax, owner: String?, module: String, cause: NeverRunCause)
        -> String
    {
        guard cause.isXCTest else { return (owner.map { "\($0)/" } ?? "") + function.name.text }
        return (module.isEmpty ? "" : module + ".") + (owner.map { "\($0)." } ?? "") + function.name.text
    }
}

extension NeverRunCause {
    /// Whether the test it names is an XCTest method (named `Module.Class.method`).
    fileprivate var isXCTest: Bool { self != .missingTestAttribute }
}
