import SwiftSyntax

/// A package struct's initializers that only store what they are given: made from fixed arguments, such a value is
/// fixed too (FlyingFox's `static let cookie = HTTPHeader("Cookie")`), since a struct has no other holder that
/// could change it and its initializer reads no state. A call `Type(…)` names the initializer of its labels
/// (`Type.init(_:)`, resolved once its body is found plain) and the struct itself (`Type.(struct)`, resolved once
/// the defaults of its stored properties are fixed): ``StateDeclaration/state(of:)`` decides over every file.
enum Initializers {
    /// The name a struct's own declaration has among the declarations (no member can be named so).
    static let structName = "(struct)"

    /// The references of a call of `type`'s initializer with these argument labels (`""` for none).
    static func references(type: String, labels: [String]) -> [String] {
        ["\(type).\(name(labels: labels))", "\(type).\(structName)"]
    }

    /// `init(_:rawValue:)` of the labels `["", "rawValue"]`.
    static func name(labels: [String]) -> String {
        "init(" + labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }

    /// The name of an initializer as declared.
    static func name(of node: InitializerDeclSyntax) -> String {
        name(
            labels: node.signature.parameterClause.parameters.map { $0.firstName.text == "_" ? "" : $0.firstName.text })
    }

    /// Whether `expression` is a String parameter's `uppercased()` or `lowercased()`: the same for the same text.
    static func isPureCall(_ expression: ExprSyntax, parameters: [String: String]) -> Bool {
        guard !parameters.isEmpty, let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            let type = parameters[base.baseName.text], ["String", "Substring"].contains(type)
        else { return false }
        return ["uppercased", "lowercased"].contains(member.declName.baseName.text)
    }

    /// What an initializer of `owner` depends on when its body only stores fixed values made from its parameters
    /// (`self.name = value`) or hands them to another initializer of its type (`self.init(…)`);
    /// `nil` when it does anything else (a call, a branch, `return nil`, a bare name assigned, which may be a global).
    static func bodyReferences(_ node: InitializerDeclSyntax, owner: String) -> [String]? {
        guard let body = node.body else { return nil }
        var parameters: [String: String] = [:]
        for parameter in node.signature.parameterClause.parameters {
            parameters[(parameter.secondName ?? parameter.firstName).text] = parameter.type.trimmedDescription
        }
        func fixed(_ value: ExprSyntax) -> [String]? {
            guard let names = StateSyntax.fixedReferences(value, owner: owner, parameters: parameters),
                !names.contains(where: { $0.hasPrefix(".") || $0.contains("?") })
            else { return nil }
            return names
        }
        var names: [String] = []
        for statement in body.statements {
            guard let expression = statement.item.as(ExprSyntax.self) else { return nil }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), isOwnProperty(elements[0]),
                    let more = fixed(elements[2])
                else { return nil }
                names += more
            } else if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                member.declName.baseName.text == "init"
            {
                var more: [String] = []
                for argument in call.arguments {
                    guard let fixed = fixed(argument.expression) else { return nil }
                    more += fixed
                }
                names += more + ["\(owner).\(name(labels: call.arguments.map { $0.label?.text ?? "" }))"]
            } else {
                return nil
            }
        }
        return names
    }

    /// `self.name`: a stored property of the value being made (a bare `name` may be a global).
    private static func isOwnProperty(_ expression: ExprSyntax) -> Bool {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    }
}
