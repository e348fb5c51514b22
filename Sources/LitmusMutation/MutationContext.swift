import LitmusModel
import SwiftSyntax

/// Where mutants may go: only code that runs (inside a function, initializer, accessor or closure body
/// of a compiled `#if` branch), never in declarations' signatures, attributes, `fatalError`-like and
/// logging calls, `description`, or what `// litmus:disable-mutation` turns off.
struct MutationContext {
    /// Calls whose lines get no mutant: they stop the program or only log.
    static let untouchableCalls: Set<String> = [
        "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "print", "debugPrint",
        "dump", "NSLog", "os_log",
    ]
    /// Receivers whose calls are logging (`logger.info(…)`, `Logger(…).debug(…)`).
    static let loggingReceivers: Set<String> = ["log", "logger", "Logger", "os_log"]
    /// The comment that turns mutation off on its line, or for the declaration it precedes.
    static let disableMarker = "litmus:disable-mutation"

    let converter: SourceLocationConverter
    /// Lines holding the marker or an untouchable call.
    private(set) var excludedLines: Set<Int> = []

    init(tree: SourceFileSyntax, converter: SourceLocationConverter) {
        self.converter = converter
        for token in tree.tokens(viewMode: .sourceAccurate) {
            for piece in token.trailingTrivia.pieces where Self.isMarker(piece) {
                excludedLines.insert(line(of: token.endPositionBeforeTrailingTrivia))
            }
            var offset = token.position
            for piece in token.leadingTrivia.pieces {
                if Self.isMarker(piece), Self.declaration(startingAt: token) == nil {
                    excludedLines.insert(line(of: offset))
                }
                offset = offset + piece.sourceLength
            }
        }
        for call in tree.descendants(of: FunctionCallExprSyntax.self) where Self.isUntouchable(call) {
            let first = line(of: call.positionAfterSkippingLeadingTrivia)
            let last = line(of: call.endPositionBeforeTrailingTrivia)
            for number in first...last { excludedLines.insert(number) }
        }
    }

    /// Whether a mutant may change `node`.
    func allows(_ node: some SyntaxProtocol) -> Bool {
        guard !excludedLines.contains(line(of: node.positionAfterSkippingLeadingTrivia)) else { return false }
        var inBody = false
        var current = Syntax(node)
        while let parent = current.parent {
            defer { current = parent }
            if parent.is(AttributeSyntax.self) || parent.is(MacroExpansionExprSyntax.self) { return false }
            if let call = parent.as(FunctionCallExprSyntax.self), Self.isUntouchable(call) { return false }
            if let clause = parent.as(IfConfigClauseSyntax.self) {
                if current.id == clause.condition?.id { return false }
                guard IfConfigEvaluator.isActive(clause) else { return false }
            }
            if let declaration = parent.asProtocol(DeclSyntaxProtocol.self) {
                if declaration.leadingTrivia.pieces.contains(where: Self.isMarker) { return false }
                if let variable = parent.as(VariableDeclSyntax.self), Self.isDescription(variable) { return false }
            }
            if parent.is(CodeBlockSyntax.self), let owner = parent.parent,
                owner.is(FunctionDeclSyntax.self) || owner.is(InitializerDeclSyntax.self)
                    || owner.is(DeinitializerDeclSyntax.self) || owner.is(AccessorDeclSyntax.self)
            {
                inBody = true
            }
            if parent.is(AccessorBlockSyntax.self), current.is(CodeBlockItemListSyntax.self) { inBody = true }
        }
        return inBody
    }

    func line(of position: AbsolutePosition) -> Int { converter.location(for: position).line }

    func position(_ offset: AbsolutePosition) -> SourcePosition {
        let location = converter.location(for: offset)
        return SourcePosition(line: location.line, column: location.column)
    }

    /// The name a call is made by: `f` for `f(…)` and `x.f(…)`.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    private static func isUntouchable(_ call: FunctionCallExprSyntax) -> Bool {
        if let name = calleeName(call), untouchableCalls.contains(name) { return true }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return false
        }
        let receiver =
            base.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? base.as(FunctionCallExprSyntax.self).flatMap(calleeName)
            ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return receiver.map(loggingReceivers.contains) ?? false
    }

    private static func isDescription(_ variable: VariableDeclSyntax) -> Bool {
        variable.bindings.contains { binding in
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            return name == "description" || name == "debugDescription"
        }
    }

    private static func isMarker(_ piece: TriviaPiece) -> Bool {
        switch piece {
        case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
            return text.contains(disableMarker)
        default:
            return false
        }
    }

    /// The declaration a token starts, if it starts one (its leading comments belong to it).
    private static func declaration(startingAt token: TokenSyntax) -> Syntax? {
        var node = Syntax(token)
        while let parent = node.parent,
            parent.positionAfterSkippingLeadingTrivia == token.positionAfterSkippingLeadingTrivia
        {
            if parent.is(DeclSyntax.self) { return parent }
            node = parent
        }
        return nil
    }
}

/// Which `#if` clauses are compiled on this platform, as far as can be told without a build: a clause
/// whose condition cannot be decided is treated as not compiled (it gets no mutant).
enum IfConfigEvaluator {
    static func isActive(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for candidate in list {
            guard let condition = candidate.condition else { return candidate.id == clause.id }
            guard let value = evaluate(condition) else { return false }
            if value { return candidate.id == clause.id }
            if candidate.id == clause.id { return false }
        }
        return false
    }

    static func evaluate(_ expression: ExprSyntax) -> Bool? {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression).map { !$0 }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            let lhs = evaluate(infix.leftOperand)
            let rhs = evaluate(infix.rightOperand)
            if op == "&&" { return lhs == false || rhs == false ? false : (lhs == true && rhs == true ? true : nil) }
            if op == "||" { return lhs == true || rhs == true ? true : (lhs == false && rhs == false ? false : nil) }
            return nil
        }
        if let flag = expression.as(DeclReferenceExprSyntax.self) { return flag.baseName.text == "DEBUG" ? true : nil }
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = MutationContext.calleeName(call),
            let argument = call.arguments.first?.expression.trimmedDescription
        else { return nil }
        switch name {
        case "os": return argument == currentOS
        case "arch": return argument == currentArchitecture
        case "canImport": return knownModules[argument]
        case "swift", "compiler": return argument.hasPrefix(">=")
        case "targetEnvironment": return false
        default: return nil
        }
    }

    #if os(Linux)
        private static let currentOS = "Linux"
        private static let knownModules: [String: Bool] = [
            "Glibc": true, "Foundation": true, "FoundationNetworking": true, "FoundationEssentials": true,
            "Dispatch": true, "XCTest": true, "Testing": true, "Synchronization": true, "Darwin": false,
            "UIKit": false, "AppKit": false, "SwiftUI": false, "ObjectiveC": false, "Combine": false,
            "WinSDK": false, "Android": false, "Musl": false, "os": false,
        ]
    #else
        private static let currentOS = "macOS"
        private static let knownModules: [String: Bool] = [
            "Darwin": true, "Foundation": true, "FoundationNetworking": false, "Dispatch": true, "XCTest": true,
            "Testing": true, "Glibc": false, "WinSDK": false, "Android": false, "Musl": false, "ObjectiveC": true,
        ]
    #endif
    #if arch(arm64)
        private static let currentArchitecture = "arm64"
    #else
        private static let currentArchitecture = "x86_64"
    #endif
}
