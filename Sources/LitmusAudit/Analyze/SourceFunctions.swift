import Foundation
import SwiftParser
import SwiftSyntax

/// The functions the package's own sources (its targets that are not tests) declare, read only when a
/// test's smell needs one: whether every function of a name returns a value that cannot be `nil`.
/// A test's force unwrap of a property its suite's `init()` set from such a call cannot trap
/// (drmohundro/SWXMLHash's suites: `var xml: XMLIndexer?`, `xml = XMLHash.parse(…)` in `init()`, then
/// `xml!["root"]` in 89 tests).
final class SourceFunctions: @unchecked Sendable {
    private let files: [URL]
    /// The files' texts, read at the first question.
    private var texts: [String]?
    private var answers: [String: Bool] = [:]
    private let lock = NSLock()

    init(files: [URL]) {
        self.files = files
    }

    /// Whether the sources declare a function `name` and none of that name returns an optional (`T?`,
    /// `T!`) or a generic parameter (which an optional may fill).
    func returnsNonOptional(_ name: String) -> Bool {
        lock.withLock {
            if let known = answers[name] { return known }
            let answer = declaredNonOptional(name)
            answers[name] = answer
            return answer
        }
    }

    private func declaredNonOptional(_ name: String) -> Bool {
        if texts == nil {
            texts = files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        }
        var found = false
        for text in texts ?? [] where text.contains("func \(name)") {
            let tree = Parser.parse(source: text)
            for function in tree.descendants(of: FunctionDeclSyntax.self) where function.name.text == name {
                guard let type = function.signature.returnClause?.type else { continue }
                let generic = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
                if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                    || generic.contains(type.trimmedDescription)
                {
                    return false
                }
                found = true
            }
        }
        return found
    }
}
