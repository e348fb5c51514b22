import SwiftSyntax

/// mainActorSharedState (docs/audit.md, "Test smells"): a Swift Testing test isolated to the main actor
/// (`@MainActor` on the test, or on a type it is declared in) that writes state other Swift Testing tests
/// of its target read or write: a `static` property (`Cart.count = 0`, `Self.count += 1`), a property of
/// a shared instance (`Store.shared.items = []`), or a global variable of the target (`counter = 0`,
/// `nonisolated(unsafe) var` included). The main actor runs such tests one at a time, and only between
/// suspension points, so they pass only serially. It reads the whole target at once: the other test may
/// be in another file.
///
/// Not a finding: XCTest methods and Quick examples (XCTest runs one test at a time whatever the
/// isolation); tests serialized together by a `.serialized` suite around both; a write the test undoes in
/// a `defer` with no `await` after it; a write to the test's own state (`self`, a local, `$0` of
/// `withDependencies`); state only this test touches (the code under test may read it: not known to the
/// syntax).
enum MainActorSharedStateDetector {
    /// One file of the target.
    struct File {
        var tree: SourceFileSyntax
        var text: String
        var file: String
        var converter: SourceLocationConverter
    }

    /// A Swift Testing test as this check reads it.
    private struct Test {
        var name: String
        var function: FunctionDeclSyntax
        var file: Int
        var mainActor: Bool
        /// The types around it that `.serialized` serializes (by name: an extension belongs to its type).
        var serializedSuites: Set<String>
        /// A parameterized test (`arguments:`) not serialized itself: its cases run at the same time.
        var casesInParallel: Bool
        /// Every piece of shared state it names, with each prefix (`A.b.c` gives `A.b` and `A.b.c`).
        var keys: Set<String>
        /// What it writes, in source order, outside a `defer`.
        var writes: [(key: String, node: Syntax)]
    }

    /// Methods that change the collection they are called on (`Cache.entries.append(x)` writes
    /// `Cache.entries`).
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "updateValue",
        "merge", "formUnion", "formIntersection", "subtract", "toggle", "sort", "reverse", "shuffle", "popLast",
    ]

    /// Assignment operators besides `=`.
    static let compoundAssignments: Set<String> = [
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=",
    ]

    /// The findings of the target whose files are `files`, named as the analysis names Swift Testing tests.
    static func findings(in files: [File]) -> [AnalyzedFinding] {
        // Cheap first: a target with no `MainActor` anywhere has no main-actor test.
        guard files.contains(where: { $0.text.contains("MainActor") }) else { return [] }
        // Each file walked once: its globals and types, then its tests' bodies as ranges of the same nodes.
        let walked = files.map { $0.tree.descendants(of: Syntax.self) }
        let globals = Set(walked.flatMap { globalVariables(among: $0) })
        var mainActorTypes: Set<String> = []
        var serializedTypes: Set<String> = []
        for nodes in walked {
            for node in nodes {
                guard let (name, attributes) = typeDeclaration(node) else { continue }
                if isMainActor(attributes) { mainActorTypes.insert(name) }
                if isSerialized(attributes, attribute: "Suite") { serializedTypes.insert(name) }
            }
        }
        var tests: [Test] = []
        for (index, nodes) in walked.enumerated() {
            for (start, node) in nodes.enumerated() {
                guard let body = node.as(CodeBlockSyntax.self), let function = node.parent?.as(FunctionDeclSyntax.self),
                    ScannedTests.isSwiftTestingTest(function)
                else { continue }
                let end = body.endPosition
                let types = enclosingTypes(of: Syntax(function))
                let (keys, writes) = accesses(
                    in: nodes[(start + 1)...].prefix { $0.position < end }, owner: types.first, globals: globals)
                let isolated = isMainActor(function.attributes) || types.contains { mainActorTypes.contains($0) }
                tests.append(
                    Test(
                        name: TestSourceAnalyzer.swiftTestingName(function), function: function, file: index,
                        mainActor: isolated, serializedSuites: Set(types.filter(serializedTypes.contains)),
                        casesInParallel: isParameterized(function)
                            && !isSerialized(function.attributes, attribute: "Test"),
                        keys: keys, writes: writes))
            }
        }
        return tests.compactMap { test in
            test.mainActor && !test.writes.isEmpty ? finding(for: test, among: tests, in: files[test.file]) : nil
        }
    }

    /// What a test's body (`bodyNodes`) reads or writes of the shared state (`keys`, every prefix of each
    /// chain), and the writes no `defer` undoes before a suspension.
    private static func accesses(
        in bodyNodes: some Sequence<Syntax>, owner: String?, globals: Set<String>
    ) -> (keys: Set<String>, writes: [(key: String, node: Syntax)]) {
        var keys: Set<String> = []
        var writes: [(key: String, node: Syntax)] = []
        var restored: Set<String> = []
        var awaits: [AbsolutePosition] = []
        for node in bodyNodes {
            if node.is(AwaitExprSyntax.self) {
                if !inDefer(node) { awaits.append(node.position) }
                continue
            }
            if let access = node.as(MemberAccessExprSyntax.self) {
                // The whole chain once: from its outermost member access.
                if node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id { continue }
                if let chain = chain(ExprSyntax(access), owner: owner, globals: globals) {
                    keys.formUnion(prefixes(chain))
                }
                continue
            }
            if let reference = node.as(DeclReferenceExprSyntax.self), globals.contains(reference.baseName.text),
                node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id
            {
                keys.insert(reference.baseName.text)
                continue
            }
            guard let (target, place) = writtenExpression(node),
                let chain = chain(target, owner: owner, globals: globals)
            else { continue }
            let key = chain.joined(separator: ".")
            if inDefer(node) { restored.insert(key) } else { writes.append((key: key, node: place)) }
        }
        // A write undone in a `defer` with no suspension after it: no other main-actor test can run while
        // the value is changed.
        writes.removeAll { write in
            restored.contains(write.key) && !awaits.contains { $0 > write.node.position }
        }
        return (keys, writes)
    }

    /// The finding of a main-actor `test` whose writes other `tests` read or write, in `file`; `nil` when
    /// no other test shares what it writes.
    private static func finding(for test: Test, among tests: [Test], in file: File) -> AnalyzedFinding? {
        var first: (key: String, node: Syntax, others: [String])?
        var count = 0
        for (key, node) in test.writes {
            let others = tests.filter { other in
                (other.function.id != test.function.id || test.casesInParallel) && other.keys.contains(key)
                    && other.serializedSuites.isDisjoint(with: test.serializedSuites)
            }.map(\.name)
            guard !others.isEmpty else { continue }
            count += 1
            if first == nil { first = (key, node, others) }
        }
        guard let (key, node, others) = first else { return nil }
        let line = node.startLocation(converter: file.converter).line
        let suspends =
            test.function.body?.descendants(of: AwaitExprSyntax.self).contains {
                $0.position > node.position
            } == true
        let named = others.prefix(3).map { $0 == test.name ? "its other cases (arguments)" : "\($0)" }
        let shown =
            named.joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
        let message =
            "\(test.name) is isolated to the main actor and writes `\(key)` (line \(line)), shared state that "
            + "\(shown) also \(others.count == 1 ? "reads or writes" : "read or write"): it passes only because "
            + "the main actor runs these tests one at a time"
            + (suspends ? ", and an `await` after the write lets another main-actor test run in between" : "")
        return AnalyzedFinding(
            kind: .mainActorSharedState, testName: test.name, file: file.file, line: line,
            message: SmellScan.counted(message, count))
    }

    /// The names of the variables declared at the top level of a file (through `#if`), `let`s left out,
    /// among its `nodes`.
    static func globalVariables(among nodes: [Syntax]) -> [String] {
        nodes.compactMap { $0.as(VariableDeclSyntax.self) }.filter { declaration in
            guard declaration.bindingSpecifier.tokenKind == .keyword(.var) else { return false }
            var node = declaration.parent
            while let current = node, !current.is(SourceFileSyntax.self) {
                guard
                    current.is(CodeBlockItemSyntax.self) || current.is(CodeBlockItemListSyntax.self)
                        || current.is(IfConfigClauseSyntax.self) || current.is(IfConfigClauseListSyntax.self)
                        || current.is(IfConfigDeclSyntax.self)
                else { return false }
                node = current.parent
            }
            return true
        }.flatMap { declaration in
            declaration.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        }
    }

    /// The expression `node` writes, and where: the left side of `=` or a compound assignment, the
    /// collection a mutating method is called on, an `&x` argument.
    private static func writtenExpression(_ node: Syntax) -> (ExprSyntax, Syntax)? {
        if node.is(AssignmentExprSyntax.self)
            || node.as(BinaryOperatorExprSyntax.self).map({ compoundAssignments.contains($0.operator.text) }) == true
        {
            guard let list = node.parent?.as(ExprListSyntax.self) else { return nil }
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == node.id }), index > 0 else { return nil }
            return (elements[index - 1], node)
        }
        if let call = node.as(FunctionCallExprSyntax.self),
            let method = call.calledExpression.as(MemberAccessExprSyntax.self),
            mutatingMethods.contains(method.declName.baseName.text), let base = method.base
        {
            return (base, node)
        }
        if let argument = node.as(InOutExprSyntax.self) { return (argument.expression, node) }
        return nil
    }

    /// The names of a chain of member accesses that starts at shared state: a type (`Cart.count`,
    /// `Store.shared.items`; `Self` is the test's own type) or a global variable of the target; `nil` for
    /// anything else (`self`, a local, a call's result). A subscript keeps what it indexes (`A.b[0]` is
    /// `A.b`).
    private static func chain(_ expression: ExprSyntax, owner: String?, globals: Set<String>) -> [String]? {
        var names: [String] = []
        var current = expression
        while true {
            if let access = current.as(MemberAccessExprSyntax.self) {
                guard let base = access.base else { return nil }
                names.insert(access.declName.baseName.text, at: 0)
                current = base
            } else if let subscripted = current.as(SubscriptCallExprSyntax.self) {
                names.removeAll()
                current = subscripted.calledExpression
            } else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) {
                current = unwrapped.expression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                let root = reference.baseName.text
                if root == "Self", let owner { return names.isEmpty ? nil : [owner] + names }
                if root.first?.isUppercase == true { return names.isEmpty ? nil : [root] + names }
                if globals.contains(root) { return [root] + names }
                return nil
            } else {
                return nil
            }
        }
    }

    /// `["A", "b", "c"]` → `A.b`, `A.b.c` (a type alone is no state); a global's name is one.
    private static func prefixes(_ chain: [String]) -> [String] {
        let start = chain[0].first?.isUppercase == true ? 2 : 1
        guard chain.count >= start else { return [] }
        return (start...chain.count).map { chain.prefix($0).joined(separator: ".") }
    }

    /// Whether `node` is inside a `defer` block.
    private static func inDefer(_ node: Syntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(DeferStmtSyntax.self) { return true }
            if syntax.is(FunctionDeclSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// The names of the types a declaration is in, innermost first (an extension's type by its name).
    private static func enclosingTypes(of node: Syntax) -> [String] {
        var names: [String] = []
        var current = node.parent
        while let syntax = current {
            if let (name, _) = typeDeclaration(syntax) { names.append(name) }
            current = syntax.parent
        }
        return names
    }

    /// A type's name and attributes, when `node` declares one (an extension: its type's name).
    private static func typeDeclaration(_ node: Syntax) -> (String, AttributeListSyntax)? {
        if let declaration = node.as(StructDeclSyntax.self) { return (declaration.name.text, declaration.attributes) }
        if let declaration = node.as(ClassDeclSyntax.self) { return (declaration.name.text, declaration.attributes) }
        if let declaration = node.as(EnumDeclSyntax.self) { return (declaration.name.text, declaration.attributes) }
        if let declaration = node.as(ActorDeclSyntax.self) { return (declaration.name.text, declaration.attributes) }
        if let declaration = node.as(ExtensionDeclSyntax.self) {
            return (declaration.extendedType.trimmedDescription, declaration.attributes)
        }
        return nil
    }

    /// `@MainActor` among `attributes`.
    private static func isMainActor(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor" }
    }

    /// `@Suite(.serialized)` (or `@Test(.serialized, …)`) among `attributes`.
    private static func isSerialized(_ attributes: AttributeListSyntax, attribute name: String) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.trimmedDescription == name,
                let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
            else { return false }
            return arguments.contains { $0.label == nil && $0.expression.trimmedDescription == ".serialized" }
        }
    }

    /// `@Test(arguments: …)`.
    private static func isParameterized(_ function: FunctionDeclSyntax) -> Bool {
        function.attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self),
                attribute.attributeName.trimmedDescription == "Test",
                let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
            else { return false }
            return arguments.contains { $0.label?.text == "arguments" }
        }
    }
}
