import SwiftSyntax

/// Why a rule could not ask the compiler's facts about a place.
enum Unconfirmed: Hashable {
    /// The file has no facts: nothing was built (`litmus smells`), or its module's typed AST could not be
    /// produced (``TypedFacts/problem`` says why).
    case noFacts
    /// The file has facts, but none at this place: code the build does not compile here (another platform's
    /// `#if` branch), or a shape the facts do not cover.
    case notAtPlace

    /// The reason written beside the finding, given the file's own reason for having no facts.
    func reason(file: String) -> String {
        switch self {
        case .noFacts: return file
        case .notAtPlace: return "the compiler's typed AST says nothing of this place (not compiled in this build)"
        }
    }
}

/// The compiler's answer about a place, or why there is none.
enum TypedAnswer<Value> {
    case known(Value)
    case unknown(Unconfirmed)

    /// The answer's value, if known.
    var value: Value? {
        if case .known(let value) = self { return value }
        return nil
    }

    /// Why it is unknown, if it is.
    var unconfirmed: Unconfirmed? {
        if case .unknown(let why) = self { return why }
        return nil
    }

    /// The answer with `transform` applied to its value, if known.
    func map<Other>(_ transform: (Value) -> Other) -> TypedAnswer<Other> {
        switch self {
        case .known(let value): .known(transform(value))
        case .unknown(let why): .unknown(why)
        }
    }
}

extension ScannedTest {
    /// What the facts of the test's file answer to `query`.
    func ask<Value>(_ query: (TypedFileFacts) -> Value?) -> TypedAnswer<Value> {
        guard let typed else { return .unknown(.noFacts) }
        return query(typed).map { .known($0) } ?? .unknown(.notAtPlace)
    }

    /// The type of the expression `node`.
    func type(of node: some SyntaxProtocol) -> TypedAnswer<TypedType> { ask { $0.type(of: node) } }

    /// The declaration `call` calls.
    func declaration(calledBy call: FunctionCallExprSyntax) -> TypedAnswer<TypedDeclaration> {
        ask { $0.declaration(calledBy: call) }
    }
}
