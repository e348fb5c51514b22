import SwiftSyntax

/// One test as the smell detectors read it: an XCTest `test…` method, a Swift Testing `@Test`
/// function, or a Quick example (`it`, `xit`, `fit`, `pending`).
struct ScannedTest {
    /// The framework that runs it.
    enum Framework { case xctest, swiftTesting, quick }

    /// The analysis's name for it (as the other findings name it).
    var name: String
    /// Its name for people, in messages.
    var shown: String
    var framework: Framework
    /// The module of the test target it is in (`NIOCoreTests`); empty when not known (loose files).
    var module = ""
    /// The class or extended type it is declared in (the spec, for a Quick example); `nil` for a free
    /// `@Test` function.
    var owner: String? = nil
    /// Its declaration: the function, or the `it` call.
    var declaration: Syntax
    /// Its body: the function's code block, or the example's closure; `nil` for a `pending` example.
    var body: Syntax?
    /// Its statements.
    var statements: CodeBlockItemListSyntax?
    /// Whether Quick switches it off (`xit`, `pending`, or inside `xdescribe`/`xcontext`).
    var switchedOff = false
    /// The call that switches it off: the `xit` or `pending` itself, or the outermost `xdescribe`/`xcontext`
    /// around it (a comment above it says why).
    var switchedOffBy: Syntax? = nil
    /// Whether it is a `test…(_:)` method with parameters that other tests call: a helper shaped like a
    /// test, read for smells, never an ignored test.
    var calledByTests = false
    /// Whether it is a hidden `@Test` (``ScannedTests/isHidden(_:)``): a fixture other tests run, read for no smell,
    /// though still one that never runs when no build compiles it.
    var hidden = false
    /// Every node of its body, in source order (read once: ``SmellScan/smells(of:helpers:)``).
    var nodes: [Syntax] = []
    /// Its assertions, in source order.
    var assertions: [Syntax] = []
    /// What the compiler knows of its file: types and resolved declarations (``TypedFacts``); `nil` without
    /// a build, when a rule that asks them reports its finding as unconfirmed.
    var typed: TypedFileFacts? = nil
    /// The files the test's target puts in its bundle, relative to its top level (``BundledResource``); `nil`
    /// when not known (loose files, a manifest that does not say).
    var bundled: Set<String>? = nil
    /// The names of the files and folders in the package's test folders (``TestResources/names(in:)``); empty when
    /// not known.
    var testResources: Set<String> = []
    /// The debug switches of its file (``DebugSwitch/switches(in:)``): a print behind one runs only when turned on.
    var debugSwitches: Set<String> = []
    /// The declarations at the top level of its target's files, by name (``HelperIndex/targetConstants``).
    var targetConstants: [String: [VariableDeclSyntax]] = [:]
    /// The bodies of its target's functions that are not tests, by name (``HelperIndex/functionBodies``).
    var targetFunctions: [String: [CodeBlockSyntax]] = [:]
    /// Whether the build that runs it compiles a node of its file, when this platform's build compiles the test;
    /// `nil` for a test only another platform builds.
    var compiledHere: ((Syntax) -> Bool)? = nil

    /// The nodes of type `T` in its body.
    func all<T: SyntaxProtocol>(_ type: T.Type) -> [T] { nodes.compactMap { $0.as(T.self) } }
}

/// A smell at a place of a test.
struct Smell {
    var kind: FindingKind
    var node: Syntax
    var message: String
    /// Why its rule asked the compiler's facts and had no answer (``ScannedTest/typed``); `nil` when it had one,
    /// or asked nothing.
    var unconfirmed: Unconfirmed? = nil
    /// Why the test never runs, for a smell of the never-run family.
    var cause: NeverRunCause? = nil
}

/// Reads the tests of a file for the catalog's smells (docs/audit.md, "Test smells"): each detector
/// is a function of one test, in a file of its own.
enum SmellScan {
    /// The smells of `test`, at most one of each kind (the first place, the message counting the others).
    static func smells(of scanned: ScannedTest, helpers: HelperIndex, compiledHere: Bool = true) -> [Smell] {
        var found: [Smell] = []
        found += EmptyAndIgnoredDetector.smells(scanned)
        guard let body = scanned.body, !scanned.switchedOff else { return found }
        var test = scanned
        test.nodes = body.descendants(of: Syntax.self)
        test.assertions = assertions(in: test.nodes, helpers: helpers)
        found += QuickAssertionDetector.smells(test, helpers: helpers, alreadyFound: found)
        found += TrapDetector.smells(test, sources: helpers.sources)
        found += EqualityShapeDetector.smells(test, texts: helpers.texts, sources: helpers.sources)
        found += ExpectationUseDetector.smells(test)
        found += ConditionalLogicDetector.smells(test, helpers: helpers)
        found += RepetitionDetector.smells(test, sources: helpers.sources)
        // The analysis reads the tests this platform compiles for unawaited checks; a test only another
        // platform compiles (a whole file under `#if os(macOS)`, ZIPFoundation's progress tests) is read here.
        if !compiledHere, let block = scanned.declaration.as(FunctionDeclSyntax.self)?.body {
            found += IgnoredCheckDetector.unawaitedAssertions(in: block, test: test.shown, helpers: helpers).map {
                Smell(kind: .unawaitedAssertion, node: $0.node, message: $0.message)
            }
        }
        found += ResourceDetector.smells(test)
        found += ReadabilityDetector.smells(test)
        // What follows a bare `return` of the body never runs: no smell there (the test's ignoredTest says so when
        // the `return` opens it).
        if let statements = scanned.statements, let dead = EmptyAndIgnoredDetector.deadAfter(statements) {
            found.removeAll { $0.kind != .ignoredTest && $0.node.position >= dead.endPosition }
        }
        return found
    }

    /// The assertion calls and macros under `node` (XCTest's, Swift Testing's, Nimble's, and calls of
    /// helpers that assert), in source order; closures included.
    static func assertions(in nodes: [Syntax], helpers: HelperIndex? = nil) -> [Syntax] {
        nodes.filter { node in
            if let macro = node.as(MacroExpansionExprSyntax.self) {
                return ["expect", "require"].contains(macro.macroName.text)
            }
            guard let call = node.as(FunctionCallExprSyntax.self),
                let name = CallCollector.calledName(call.calledExpression), !AssertionSites.notChecks.contains(name)
            else { return false }
            return TestSourceAnalyzer.asserts(name) || name == "to" || name == "toNot" || name == "notTo"
                || (helpers?.checking.contains(name) == true && CallCollector.mayCallHelper(call))
                || helpers?.configured.contains(name) == true
        }
    }

    /// The name an assertion node calls: `XCTAssertEqual`, `#expect`, `expect`.
    static func assertionName(_ node: Syntax) -> String? {
        if let macro = node.as(MacroExpansionExprSyntax.self) { return "#" + macro.macroName.text }
        return node.as(FunctionCallExprSyntax.self).flatMap { CallCollector.calledName($0.calledExpression) }
    }

    /// The arguments of an assertion call or macro.
    static func arguments(_ node: Syntax) -> [LabeledExprSyntax] {
        if let macro = node.as(MacroExpansionExprSyntax.self) { return Array(macro.arguments) }
        return node.as(FunctionCallExprSyntax.self).map { Array($0.arguments) } ?? []
    }

    /// `message` with "and N more" when `count` is above one.
    static func counted(_ message: String, _ count: Int) -> String {
        count > 1 ? "\(message) (and \(count - 1) more)" : message
    }

    /// The text of a string literal without interpolations, or `nil`.
    static func literalText(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }
}

extension SmellScan {
    /// The smells of every test of one file of a test target, as findings naming their tests as the
    /// analysis does (``TestSourceAnalyzer``); an empty test is no longer also a test without assertions.
    static func findings(
        in tree: SourceFileSyntax, file: String, module: String, testClasses: Set<String>, helpers: HelperIndex,
        converter: SourceLocationConverter, compiles: (Syntax) -> Bool,
        compiledHere: @escaping (Syntax) -> Bool = { _ in true },
        typed: TypedFileFacts? = nil, unconfirmed: String = TypedFacts.noBuild, bundled: Set<String>? = nil,
        resources: Set<String> = []
    ) -> [AnalyzedFinding] {
        let tests = ScannedTests.collect(
            in: tree, module: module, testClasses: testClasses, compiles: compiles, isSpecClass: helpers.isSpecClass
        )
        .filter { test in
            !test.hidden && !(test.owner.map(helpers.runTypes.contains) ?? false)
                && !(test.framework == .xctest && test.owner.map(helpers.noSuperclass.contains) ?? false)
        }
        return tests.flatMap { scanned in
            var test = scanned
            test.typed = typed
            test.bundled = bundled
            test.testResources = resources
            test.targetConstants = helpers.targetConstants
            test.targetFunctions = helpers.functionBodies
            test.compiledHere = compiledHere(test.declaration) ? compiledHere : nil
            test.module = module
            return smells(of: test, helpers: helpers, compiledHere: compiledHere(test.declaration)).filter {
                compiles($0.node)
            }.map { smell -> AnalyzedFinding in
                var found = AnalyzedFinding(
                    kind: smell.kind, testName: test.name, file: file,
                    line: smell.node.startLocation(converter: converter).line, message: smell.message)
                found.finding.unconfirmed = smell.unconfirmed?.reason(file: unconfirmed)
                if let cause = smell.cause {
                    found.finding.cause = cause
                    found.finding.fix = cause.fix
                }
                return found
            }
        }
    }
}
