import Foundation

@testable import LitmusAudit

extension TypedFileFacts {
    /// These facts without those that end past the file's `length` bytes: places in a macro's expansion
    /// buffer, which the compiler numbers after the file's own bytes and whose text names the checkout's
    /// folder, so they differ from one machine to the next (TypedFactsEndToEndTests compares the rest).
    func within(length: Int) -> TypedFileFacts {
        guard facts.contains(where: { Int($0.end) > length }) else { return self }
        var builder = Builder()
        for fact in facts where Int(fact.end) <= length {
            builder.add(
                start: Int(fact.start), end: Int(fact.end), kind: kinds[Int(fact.kindIndex)],
                type: fact.typeIndex < 0 ? nil : types[Int(fact.typeIndex)],
                declaration: fact.declarationIndex < 0 ? nil : declarations[Int(fact.declarationIndex)],
                implicit: fact.implicit)
        }
        return builder.finish()
    }
}
