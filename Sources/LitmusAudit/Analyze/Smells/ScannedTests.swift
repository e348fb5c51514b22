import SwiftSyntax

/// The tests of a file as the smell detectors read them.
enum ScannedTests {
    /// Quick's functions that declare an example.
    static let examples: Set<String> = ["it", "fit", "xit", "pending"]
    /// Quick's functions that group examples.
    static let groups: Set<String> = ["describe", "context", "fdescribe", "fcontext", "xdescribe", "xcontext"]

    /// The tests of `file`: the `test…` methods of classes that inherit (and of extensions of
    /// `testClasses`), with the disabled-looking ones (`xtestA`, `testA(_:)`); `@Test` functions; the
    /// examples of Quick specs (and of the classes `isSpecClass` finds specs through a base class of the target). `module`
    /// prefixes the XCTest names as the analysis does.
    static func collect(
        in file: SourceFileSyntax, module: String, testClasses: Set<String>, compiles: (Syntax) -> Bool,
        isSpecClass: (String) -> Bool = { _ in false }
    ) -> [ScannedTest] {
        func isSpec(_ declaration: ClassDeclSyntax) -> Bool {
            Self.isSpec(declaration) || isSpecClass(declaration.name.text)
        }
        var tests: [ScannedTest] = []
        // A `test…(_:)` method some code calls is a helper, not a test switched off by its signature.
        let called = CallCollector.names(in: Syntax(file))
        for function in file.descendants(of: FunctionDeclSyntax.self) where compiles(Syntax(function)) {
            if isSwiftTestingTest(function) {
                let name = TestSourceAnalyzer.swiftTestingName(function)
                var found = test(function, name: name, shown: name, .swiftTesting)
                found.owner = enclosingType(of: Syntax(function))
                found.hidden = isHidden(function)
                tests.append(found)
                continue
            }
            guard let owner = xctestOwner(function, testClasses: testClasses, isSpec: isSpec), isXCTestShaped(function)
            else {
                continue
            }
            let name = (module.isEmpty ? "" : module + ".") + "\(owner).\(function.name.text)"
            var found = test(function, name: name, shown: "\(owner).\(function.name.text)", .xctest)
            found.owner = owner
            // So is one switched off by its name that a test calls (Differ 1.4.5's `func testCells() {
            // self._testCells() }`): it runs inside that test.
            found.calledByTests =
                called.contains(function.name.text)
                && (!function.signature.parameterClause.parameters.isEmpty
                    || switchedOffPrefix(function.name.text) != nil)
            tests.append(found)
        }
        for spec in file.descendants(of: ClassDeclSyntax.self) where isSpec(spec) && compiles(Syntax(spec)) {
            for call in spec.descendants(of: FunctionCallExprSyntax.self) where compiles(Syntax(call)) {
                guard let called = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    examples.contains(called)
                else { continue }
                let (path, group) = groupPath(of: call, in: spec)
                let words = path + [SmellScan.literalText(call.arguments.first?.expression) ?? "?"]
                let name = "\(spec.name.text).\(words.joined(separator: " "))"
                let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
                tests.append(
                    ScannedTest(
                        name: name, shown: name, framework: .quick, owner: spec.name.text, declaration: Syntax(call),
                        body: closure.map(Syntax.init), statements: closure?.statements,
                        switchedOff: group != nil || called == "xit" || called == "pending",
                        switchedOffBy: called == "xit" || called == "pending" ? Syntax(call) : group))
            }
        }
        // Read once for the file: the prints of any of its tests may sit behind one.
        let switches = DebugSwitch.switches(in: Syntax(file))
        return tests.map { test in
            var test = test
            test.debugSwitches = switches
            return test
        }
    }

    private static func test(
        _ function: FunctionDeclSyntax, name: String, shown: String, _ framework: ScannedTest.Framework
    ) -> ScannedTest {
        ScannedTest(
            name: name, shown: shown, framework: framework, declaration: Syntax(function),
            body: function.body.map(Syntax.init), statements: function.body?.statements)
    }

    /// The name of the type (or extended type) a declaration is in, if any.
    static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let syntax = current {
            if let declaration = syntax.as(StructDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(ActorDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(EnumDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(ExtensionDeclSyntax.self) {
                return declaration.extendedType.trimmedDescription
            }
            current = syntax.parent
        }
        return nil
    }

    /// `@Test`.
    static func isSwiftTestingTest(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test" }
    }

    /// Whether a `@Test` is hidden: `.hidden` among its traits or those of a `@Suite` around it (Swift Testing's trait
    /// for tools, `@_spi(ForToolsIntegrationOnly)`). `swift test` never runs such a test unless it is named: it is a
    /// fixture another test runs and checks the events of (swift-testing 6.3.2's own, 144 read false on first contact
    /// as empty or asserting nothing), not a test of the suite, and it is not judged as one.
    static func isHidden(_ function: FunctionDeclSyntax) -> Bool {
        func hides(_ attributes: AttributeListSyntax, _ name: String) -> Bool {
            attributes.contains { element in
                guard let attribute = element.as(AttributeSyntax.self),
                    attribute.attributeName.trimmedDescription == name,
                    let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
                else { return false }
                return arguments.contains { argument in
                    guard let member = argument.expression.as(MemberAccessExprSyntax.self) else { return false }
                    return member.declName.baseName.text == "hidden"
                        && (member.base == nil || member.base?.trimmedDescription == "Trait")
                }
            }
        }
        if hides(function.attributes, "Test") { return true }
        var current = function.parent
        while let syntax = current {
            if let type = syntax.asProtocol(WithAttributesSyntax.self), syntax.is(DeclSyntax.self),
                hides(type.attributes, "Suite")
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// The class (or extended test class) an XCTest-style method is declared in, if it is one.
    private static func xctestOwner(
        _ function: FunctionDeclSyntax, testClasses: Set<String>, isSpec: (ClassDeclSyntax) -> Bool
    ) -> String? {
        // Through any `#if` around it, to the members of its type.
        var node = function.parent
        while let current = node, !current.is(MemberBlockSyntax.self) {
            guard
                current.is(MemberBlockItemSyntax.self) || current.is(MemberBlockItemListSyntax.self)
                    || current.is(IfConfigClauseSyntax.self) || current.is(IfConfigClauseListSyntax.self)
                    || current.is(IfConfigDeclSyntax.self)
            else { return nil }
            node = current.parent
        }
        guard let members = node?.as(MemberBlockSyntax.self) else { return nil }
        if let declaration = members.parent?.as(ClassDeclSyntax.self), declaration.inheritanceClause != nil,
            !isSpec(declaration)
        {
            return declaration.name.text
        }
        if let declaration = members.parent?.as(ExtensionDeclSyntax.self),
            testClasses.contains(declaration.extendedType.trimmedDescription)
                || declaration.extendedType.trimmedDescription.hasSuffix("Tests")
                || declaration.extendedType.trimmedDescription.hasSuffix("Test")
        {
            return declaration.extendedType.trimmedDescription
        }
        return nil
    }

    /// Protocols of the standard library and Foundation a class may list first, having no superclass.
    static let libraryProtocols: Set<String> = [
        "Sendable", "@unchecked Sendable", "Equatable", "Hashable", "Comparable", "Codable", "Decodable", "Encodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable", "Error", "ObservableObject",
    ]

    /// The classes of a target's files (each its tree and all its nodes) that list a protocol first, so have no
    /// superclass (``mayInheritAClass(_:protocols:sources:)``): the protocols declared at a file's top level (a nested
    /// one is named with its type's name), not also a class's name.
    static func classesWithoutSuperclass(in files: [(SourceFileSyntax, [Syntax])], sources: SourceFunctions?)
        -> Set<String>
    {
        let classes = files.flatMap { $0.1.compactMap { $0.as(ClassDeclSyntax.self) } }
        let protocols = Set(
            files.flatMap { tree, _ in tree.statements.compactMap { $0.item.as(ProtocolDeclSyntax.self)?.name.text } }
        ).subtracting(classes.map(\.name.text))
        return Set(
            classes.filter {
                $0.inheritanceClause != nil && !mayInheritAClass($0, protocols: protocols, sources: sources)
            }.map(\.name.text))
    }

    /// Whether the class `declaration` may inherit a class (`XCTestCase`, or a base class of the package's): the
    /// first type it lists is not a protocol of the target's files (`protocols`), of the package's sources, or of
    /// ``libraryProtocols``. A superclass comes first in the list, so `class ProtocolClassP: ProtocolP` has none,
    /// and its `func test() -> String?` is no test (hmlongco/Factory 2.5.3's helper classes were read as test
    /// classes without a check).
    static func mayInheritAClass(_ declaration: ClassDeclSyntax, protocols: Set<String>, sources: SourceFunctions?)
        -> Bool
    {
        guard let first = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription else {
            return false
        }
        return !protocols.contains(first) && !libraryProtocols.contains(first)
            && !(sources?.declaresProtocol(first) ?? false)
    }

    /// A method XCTest runs (`test…()`), or one named or shaped like a test it cannot run: a prefix
    /// that switches it off (`xtest…`, `disabled_test…`, `_test…`) or parameters (`test…(_:)`).
    static func isXCTestShaped(_ function: FunctionDeclSyntax) -> Bool {
        let modifiers = function.modifiers.map(\.name.text)
        guard !modifiers.contains("static"), !modifiers.contains("class") else { return false }
        let name = function.name.text
        if name.hasPrefix("test") && !modifiers.contains("private") && !modifiers.contains("fileprivate") {
            return true
        }
        return switchedOffPrefix(name) != nil
    }

    /// The prefix that keeps XCTest from running a method named like a test (`xtestA`, `DISABLED_testA`,
    /// `disabledTestA`, `_testA`, `skip_testA`), or `nil`.
    static func switchedOffPrefix(_ name: String) -> String? {
        let lower = name.lowercased()
        for prefix in ["x", "_", "disabled_", "disabled", "skip_", "skip", "pending_", "pending", "off_"]
        where lower.hasPrefix(prefix + "test") && lower.count > prefix.count + 4 {
            return String(name.prefix(prefix.count))
        }
        return nil
    }

    /// A Quick spec: inherits `QuickSpec` or `AsyncSpec`.
    static func isSpec(_ declaration: ClassDeclSyntax) -> Bool {
        declaration.inheritanceClause?.inheritedTypes.contains { type in
            let name = type.type.trimmedDescription
            return name == "QuickSpec" || name == "AsyncSpec" || name.hasSuffix(".QuickSpec")
        } == true
    }

    /// The descriptions of the groups around an example, outermost first, and the outermost that switches
    /// it off (`xdescribe`, `xcontext`), if one does.
    private static func groupPath(of call: FunctionCallExprSyntax, in spec: ClassDeclSyntax) -> ([String], Syntax?) {
        var path: [String] = []
        var off: Syntax?
        var current = call.parent
        while let node = current, node.id != spec.id {
            if let group = node.as(FunctionCallExprSyntax.self),
                let name = group.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                groups.contains(name)
            {
                path.insert(SmellScan.literalText(group.arguments.first?.expression) ?? "?", at: 0)
                if name.hasPrefix("x") { off = Syntax(group) }
            }
            current = node.parent
        }
        return (path, off)
    }
}
