import SwiftParser
import SwiftSyntax
import Synchronization

/// The protocols of the standard library and Foundation, which a protocol of the module may inherit
/// and `--parent` cannot bring: their declarations and requirements, as the libraries' symbol graphs
/// give them (StandardProtocols+Table*.swift, written by scripts/standard-protocols), so that no front
/// end runs the toolchain. Each is parsed the first time a protocol inherits it, then kept.
enum StandardProtocols {
    /// One protocol of the table, as its library declares it.
    struct Entry: Sendable {
        /// `Swift` (the standard library, `_Concurrency` included) or `Foundation`.
        let module: String
        /// The declaration without its body: `protocol Comparable : Equatable`.
        let declaration: String
        /// Each requirement's declaration, associated types included, and the protocol extensions of
        /// the libraries that implement it: `Comparable`, or `Collection where Self.Iterator ==
        /// IndexingIterator<Self>` for an extension with constraints.
        let requirements: [(declaration: String, defaults: [String])]

        init(_ module: String, _ declaration: String, _ requirements: [(String, [String])]) {
            self.module = module
            self.declaration = declaration
            self.requirements = requirements.map { (declaration: $0.0, defaults: $0.1) }
        }
    }

    /// An implementation of a requirement in an extension of a library's protocol, where its
    /// constraints hold.
    struct Default: Sendable {
        /// The protocol the extension extends: the double must conform to it.
        let protocolName: String
        /// `Self.Iterator == IndexingIterator<Self>`, `Self: ExpressibleByIntegerLiteral`.
        let constraints: [String]
    }

    /// A protocol of the table, parsed: its members are its requirements, in the table's order.
    struct Parsed: Sendable {
        let name: String
        let decl: ProtocolDeclSyntax
        /// The implementations of each requirement that has some, by the requirement's syntax.
        let defaults: [SyntaxIdentifier: [Default]]
        /// Whether the protocol's own extensions implement each of its requirements (LocalizedError's
        /// four, Executor's `enqueue`s): it exists for conforming types to customize those.
        let isCustomizable: Bool
    }

    private static let cache = Mutex<[String: Parsed]>([:])

    /// The library protocol an inheritance clause names (`Comparable`, `Swift.Comparable`,
    /// `Foundation.LocalizedError`), parsed; `nil` when the table has none of that name.
    static func parsed(named written: String) -> Parsed? {
        let name = plainName(written)
        if let found = cache.withLock({ $0[name] }) { return found }
        guard let entry = entry(named: name) else { return nil }
        let source =
            entry.declaration + " {\n" + entry.requirements.map(\.declaration).joined(separator: "\n") + "\n}\n"
        let tree = Parser.parse(source: source)
        guard let decl = tree.statements.first?.item.as(ProtocolDeclSyntax.self) else { return nil }
        var defaults: [SyntaxIdentifier: [Default]] = [:]
        for (member, requirement) in zip(decl.memberBlock.members, entry.requirements)
        where !requirement.defaults.isEmpty {
            defaults[member.decl.id] = requirement.defaults.map(Self.implementation)
        }
        // An array: a syntax collection's `filter` makes a new tree, whose nodes have other identifiers.
        let requirements = Array(decl.memberBlock.members).filter { !$0.decl.is(AssociatedTypeDeclSyntax.self) }
        let isCustomizable =
            !requirements.isEmpty
            && requirements.allSatisfy { member in
                defaults[member.decl.id]?.contains { $0.protocolName == name && $0.constraints.isEmpty } == true
            }
        let parsed = Parsed(
            name: name, decl: decl, defaults: defaults, isCustomizable: isCustomizable)
        return cache.withLock { stored in
            if let earlier = stored[name] { return earlier }
            stored[name] = parsed
            return parsed
        }
    }

    /// Whether Apple platforms declare `written` in Objective-C (Foundation's `NS…` protocols and
    /// delegates), so that only an `NSObject` subclass conforms to it.
    static func isObjectiveC(_ written: String) -> Bool {
        objectiveCNames.contains(plainName(written))
    }

    /// `Comparable` for `Swift.Comparable`, `LocalizedError` for `Foundation.LocalizedError`.
    static func plainName(_ written: String) -> String {
        for module in ["Swift.", "_Concurrency.", "Foundation.", "FoundationEssentials."]
        where written.hasPrefix(module) {
            return String(written.dropFirst(module.count))
        }
        return written
    }

    /// `Collection where Self.Iterator == IndexingIterator<Self>, Self.Index: Strideable` as a ``Default``.
    private static func implementation(_ text: String) -> Default {
        let substring = Substring(text)
        guard let range = substring.range(of: " where ") else { return Default(protocolName: text, constraints: []) }
        // Commas inside angle brackets (`Dictionary<Key, Value>`) do not separate constraints.
        var constraints: [String] = []
        var current = ""
        var depth = 0
        for character in substring[range.upperBound...] {
            if character == "<" { depth += 1 }
            if character == ">", current.last != "-" { depth -= 1 }
            if character == ",", depth == 0 {
                constraints.append(current.trimmingCharacters(in: " "))
                current = ""
            } else {
                current.append(character)
            }
        }
        constraints.append(current.trimmingCharacters(in: " "))
        return Default(protocolName: String(substring[..<range.lowerBound]), constraints: constraints)
    }
}
