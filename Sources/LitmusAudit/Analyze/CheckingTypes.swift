import SwiftSyntax

/// The types the test targets declare that check when a test uses them, as through a helper function: code
/// of the type that runs when it is used, without a call of the test's (its `deinit`, an `init`, a property's
/// getter or initial value, and the types declared inside those), calls a test framework's assertion or a
/// library's check, or names another such type. pointfreeco/swift-dependencies 1.17.1 tests that reading a
/// dependency reports an issue (`@Dependency(ReportIssueTestValueClient.self) var client`, whose `testValue`
/// calls `reportIssue`) and that a cached value is not dropped (a `deinit` that calls `XCTFail`). Not: a
/// method, which runs only when called (a fixture's loader that fails on a missing file checks nothing of a
/// test that renders its data), nor a nested type's members for the type around it; the standard library's
/// run-time assertions (`assert`, `assertIsolated`), which fail no test (FlyingFox's `Waiter` actor); types
/// that declare tests, whose checks are their tests'. A `private` or `fileprivate` type counts only for the
/// tests of its own file.
enum CheckingTypes {
    /// The run-time assertions of the standard library and of concurrency, and names that are checks only on
    /// some receivers (`wait`, `record`).
    static let notChecks: Set<String> = [
        "assert", "assertionFailure", "assertIsolated", "assertMainActor", "wait", "record",
    ]
    /// The file given for a type any file of the target can use.
    static let anyFile = "*"

    /// The types of `types` (each compiled type declaration of the test targets, with its file) that check,
    /// by name, with the files whose tests can use each (``anyFile`` for all).
    static func names(in types: [(declaration: DeclSyntax, file: String)]) -> [String: Set<String>] {
        var mentions: [String: Set<String>] = [:]
        var checking: Set<String> = []
        var files: [String: Set<String>] = [:]
        for (type, file) in types {
            guard let name = typeName(type), !declaresTests(type) else { continue }
            files[name, default: []].insert(isPrivate(type) ? file : anyFile)
            let used = runOnUse(type)
            let checks = used.contains { code in
                CallCollector.names(in: code).contains { TestSourceAnalyzer.asserts($0) && !notChecks.contains($0) }
                    || code.descendants(of: FunctionCallExprSyntax.self).contains {
                        LibraryChecks.looksLikeCheck($0, imports: [])
                    }
            }
            if checks { checking.insert(name) }
            mentions[name, default: []].formUnion(used.flatMap { mentionedTypes(in: $0) })
        }
        // A type whose code run on use names a checking type checks too (swift-dependencies' outer key's
        // `testValue` reads the inner key's).
        var changed = true
        while changed {
            changed = false
            for (name, named) in mentions where !checking.contains(name) && !named.isDisjoint(with: checking) {
                checking.insert(name)
                changed = true
            }
        }
        return files.filter { checking.contains($0.key) }
    }

    /// Whether `body`, a test's in `file`, names a type of `checking` that its file can use.
    static func checksThrough(_ body: Syntax, file: String, checking: [String: Set<String>]) -> Bool {
        mentionedTypes(in: body).contains { name in
            checking[name].map { $0.contains(anyFile) || $0.contains(file) } ?? false
        }
    }

    /// The capitalized names `node` refers to: the types it may use.
    static func mentionedTypes(in node: Syntax) -> Set<String> {
        Set(
            node.descendants(of: DeclReferenceExprSyntax.self).map(\.baseName.text).filter {
                $0.first?.isUppercase == true
            })
    }

    /// The code of `type` that runs when it is used: its `deinit` and `init` bodies, its properties' accessors
    /// and initial values (not its methods, nor its nested types' members).
    private static func runOnUse(_ type: DeclSyntax) -> [Syntax] {
        guard let members = type.asProtocol(DeclGroupSyntax.self)?.memberBlock.members else { return [] }
        return members.flatMap { member -> [Syntax] in
            if let deinitializer = member.decl.as(DeinitializerDeclSyntax.self) {
                return deinitializer.body.map { [Syntax($0)] } ?? []
            }
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                return initializer.body.map { [Syntax($0)] } ?? []
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
            return variable.bindings.flatMap { binding in
                [binding.accessorBlock.map(Syntax.init), binding.initializer.map(Syntax.init)].compactMap { $0 }
            }
        }
    }

    /// Whether `type` is `private` or `fileprivate`.
    private static func isPrivate(_ type: DeclSyntax) -> Bool {
        type.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
            ["private", "fileprivate"].contains($0.name.text)
        } ?? false
    }

    /// The name of a class, struct, enum or actor.
    private static func typeName(_ declaration: DeclSyntax) -> String? {
        if let type = declaration.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = declaration.as(StructDeclSyntax.self) { return type.name.text }
        if let type = declaration.as(EnumDeclSyntax.self) { return type.name.text }
        return declaration.as(ActorDeclSyntax.self)?.name.text
    }

    /// Whether `type` declares a test: a `test…` method or a `@Test` function.
    private static func declaresTests(_ type: DeclSyntax) -> Bool {
        Syntax(type).descendants(of: FunctionDeclSyntax.self).contains { function in
            function.name.text.hasPrefix("test") || ScannedTests.isSwiftTestingTest(function)
        }
    }
}

extension DeclSyntax {
    /// Whether it declares a class, a struct, an enum or an actor.
    var isNominalType: Bool {
        `is`(ClassDeclSyntax.self) || `is`(StructDeclSyntax.self) || `is`(EnumDeclSyntax.self)
            || `is`(ActorDeclSyntax.self)
    }
}
