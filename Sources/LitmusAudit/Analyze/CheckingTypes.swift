import SwiftSyntax

/// The types the test targets declare that check when a test uses them: a member (a property's getter, a
/// `deinit`, a method, a nested type's) calls a test framework's assertion or a library's check, or the
/// type names another such type. The standard library's run-time assertions (`assert`, `assertIsolated`)
/// fail no test: a type that only makes those checks nothing (FlyingFox's `Waiter` actor). A test that names one checks through it, as through a helper function:
/// pointfreeco/swift-dependencies 1.17.1 tests that reading a dependency reports an issue
/// (`@Dependency(ReportIssueTestValueClient.self) var client`, whose `testValue` calls `reportIssue`) and that
/// a cached value is not dropped (a `deinit` that calls `XCTFail`). Types that declare tests are not read:
/// their checks are their tests'.
enum CheckingTypes {
    /// The run-time assertions of the standard library and of concurrency, and names that are checks only on
    /// some receivers (`wait`, `record`).
    static let notChecks: Set<String> = [
        "assert", "assertionFailure", "assertIsolated", "assertMainActor", "wait", "record",
    ]

    /// The names of the types of `types` (the compiled type declarations of the test targets) that check.
    static func names(in types: [DeclSyntax]) -> Set<String> {
        var mentions: [String: Set<String>] = [:]
        var checking: Set<String> = []
        for type in types {
            guard let name = typeName(type), !declaresTests(type) else { continue }
            let called = CallCollector.names(in: Syntax(type))
            let checks =
                called.contains { TestSourceAnalyzer.asserts($0) && !notChecks.contains($0) }
                || Syntax(type).descendants(of: FunctionCallExprSyntax.self).contains {
                    LibraryChecks.looksLikeCheck($0, imports: [])
                }
            if checks { checking.insert(name) }
            mentions[name, default: []].formUnion(mentionedTypes(in: Syntax(type)))
        }
        // A type that names a checking type checks too (swift-dependencies' outer key reads the inner one).
        var changed = true
        while changed {
            changed = false
            for (name, named) in mentions where !checking.contains(name) && !named.isDisjoint(with: checking) {
                checking.insert(name)
                changed = true
            }
        }
        return checking
    }

    /// The capitalized names `node` refers to: the types it may use.
    static func mentionedTypes(in node: Syntax) -> Set<String> {
        Set(
            node.descendants(of: DeclReferenceExprSyntax.self).map(\.baseName.text).filter {
                $0.first?.isUppercase == true
            })
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
