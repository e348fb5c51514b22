import SwiftSyntax

/// What a test target's files declare about their types, read whole: which classes are XCTest test cases
/// (inheriting `XCTestCase` directly or through the target's own classes), which types are Swift Testing
/// suites (`@Suite`, or holding a `@Test` in any of their declarations and extensions), its protocols, and
/// every name its code refers to (a `test…` function referred to anywhere is a helper, not a test).
struct TargetTypes {
    /// What a class inherits from, as far as the target tells.
    enum Lineage: Equatable {
        /// `XCTestCase`, directly or through the target's classes.
        case testCase
        /// Nothing that could be `XCTestCase`: no superclass, `NSObject`, or a chain of the target's classes
        /// ending there.
        case notTestCase
        /// A class the target does not declare (`base`): another module's, which may be a test case.
        case otherModule(base: String)
        /// A Quick spec (`QuickSpec`, `AsyncSpec`), which runs through Quick.
        case spec
    }

    /// Each class of the target by name, with the first type its inheritance clause names (`nil`: none).
    private(set) var classBases: [String: String?] = [:]
    /// The protocols the target declares.
    private(set) var protocols: Set<String> = []
    /// The types that are Swift Testing suites.
    private(set) var suites: Set<String> = []
    /// Every name the target's code refers to (calls, references to functions, member accesses).
    private(set) var referenced: Set<String> = []

    /// Protocols of the standard library and Foundation a test class may conform to, which are no
    /// superclass.
    static let knownProtocols: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Comparable", "Identifiable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "CaseIterable", "RawRepresentable",
        "AnyObject", "ObservableObject", "LocalizedError",
    ]

    /// Reads the declarations of `files` (every node of each, compiled or not: a type is the same type in
    /// every branch of an `#if`).
    init(files: [[Syntax]]) {
        for nodes in files {
            for node in nodes {
                if let declaration = node.as(ClassDeclSyntax.self) {
                    classBases[declaration.name.text] = Self.firstInherited(declaration.inheritanceClause)
                    if Self.isSuite(declaration.attributes) { suites.insert(declaration.name.text) }
                } else if let declaration = node.as(ProtocolDeclSyntax.self) {
                    protocols.insert(declaration.name.text)
                } else if let declaration = node.as(StructDeclSyntax.self), Self.isSuite(declaration.attributes) {
                    suites.insert(declaration.name.text)
                } else if let declaration = node.as(EnumDeclSyntax.self), Self.isSuite(declaration.attributes) {
                    suites.insert(declaration.name.text)
                } else if let declaration = node.as(ActorDeclSyntax.self), Self.isSuite(declaration.attributes) {
                    suites.insert(declaration.name.text)
                } else if let function = node.as(FunctionDeclSyntax.self), ScannedTests.isSwiftTestingTest(function),
                    let owner = ScannedTests.enclosingType(of: Syntax(function))
                {
                    suites.insert(Self.simpleName(owner))
                } else if let reference = node.as(DeclReferenceExprSyntax.self) {
                    referenced.insert(reference.baseName.text)
                }
            }
        }
    }

    /// What `name`, a class of the target, inherits from.
    func lineage(of name: String) -> Lineage? {
        guard classBases[name] != nil else { return nil }
        var seen: Set<String> = []
        var current = name
        while seen.insert(current).inserted {
            guard let entry = classBases[current] else { return .otherModule(base: current) }
            guard let base = entry else { return .notTestCase }
            if base == "XCTestCase" { return .testCase }
            if base == "QuickSpec" || base == "AsyncSpec" { return .spec }
            if base == "NSObject" || protocols.contains(base) || Self.knownProtocols.contains(base) {
                return .notTestCase
            }
            current = base
        }
        return .notTestCase
    }

    /// Whether `name` (a class or an extended type) is a test case of the target.
    func isTestCase(_ name: String) -> Bool { lineage(of: name) == .testCase }

    /// The name a type is known by, without its module or generic arguments (`XCTest.XCTestCase` is
    /// `XCTestCase`, `Box<Int>` is `Box`).
    static func simpleName(_ text: String) -> String {
        let base = text.split(separator: "<").first.map(String.init) ?? text
        return base.split(separator: ".").last.map(String.init) ?? base
    }

    /// The first type of an inheritance clause, by its simple name; `nil` without one, and for an attributed
    /// type (`@unchecked Sendable`), which is a protocol.
    static func firstInherited(_ clause: InheritanceClauseSyntax?) -> String? {
        guard let type = clause?.inheritedTypes.first?.type, !type.is(AttributedTypeSyntax.self) else { return nil }
        return simpleName(type.trimmedDescription)
    }

    /// `@Suite` among `attributes`.
    private static func isSuite(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Suite" }
    }
}
