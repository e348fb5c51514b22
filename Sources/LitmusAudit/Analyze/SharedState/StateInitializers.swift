import SwiftSyntax

/// A package struct's initializers that only store what they are given: made from fixed arguments, such a value is
/// fixed too (FlyingFox's `static let cookie = HTTPHeader("Cookie")`), since a struct has no other holder that
/// could change it and its initializer reads no state. A call `Type(…)` names the initializer of its labels
/// (`Type.init(_:)`, resolved once its body is found plain) and the struct itself (`Type.(struct)`, resolved once
/// the defaults of its stored properties are fixed): ``StateDeclaration/state(of:)`` decides over every file.
enum Initializers {
    /// The name a struct's own declaration has among the declarations (no member can be named so). Every other
    /// type of that name (an enum, an actor, a class, a protocol, a type alias) declares it unresolved, so a call
    /// `Type(…)` is a struct's only when every type of that name is a plain struct.
    static let structName = "(struct)"

    /// The attributes a struct may have and stay plain (an attached macro may add initializers or storage).
    static let plainAttributes: Set<String> = [
        "frozen", "usableFromInline", "available", "MainActor", "preconcurrency", "_fixed_layout", "objc",
    ]

    /// A function named `callAsFunction` or a `@dynamicCallable` type: some value can be called with argument
    /// labels, so a labelled call is no sign of a function (``StateNames/functions``).
    static let callableMarker: StateDeclaration = {
        var marker = StateDeclaration(name: "callAsFunction", owner: nil, lazy: false)
        marker.role = .computed
        marker.function = true
        return marker
    }()

    /// The name a stored property `name` has among the declarations: `self.name = value` in an initializer is a
    /// store only when every declaration of it is a stored property (not a computed one, whose setter runs code).
    static func storedName(_ name: String) -> String { "(stored)\(name)" }

    /// A computed property `name` of `owner`: an initializer's `self.name = value` calls its setter.
    static func computedProperty(_ name: String, of owner: String) -> StateDeclaration {
        var computed = StateDeclaration(name: storedName(name), owner: owner, lazy: false)
        computed.role = .structType
        return computed
    }

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
                !names.contains(where: StateSyntax.isImplicit)
            else { return nil }
            return names
        }
        var names: [String] = []
        for statement in body.statements {
            guard let expression = statement.item.as(ExprSyntax.self) else { return nil }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                    let property = ownProperty(elements[0]), let more = fixed(elements[2])
                else { return nil }
                names += more + ["\(owner).\(storedName(property))"]
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

    /// The name of `self.name`: a property of the value being made (a bare `name` may be a global), stored when
    /// its declarations say so (``storedName(_:)``).
    private static func ownProperty(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        else { return nil }
        return member.declName.baseName.text
    }
}

/// What a struct's body says of the values it makes: its stored properties' defaults (`nil` once one is not fixed,
/// is wrapped, or a macro may add to it), its stored and computed properties, the labels of its memberwise
/// initializer (a `var` with a default, or optional, may be left out), and whether it declares an initializer.
struct StructShape {
    var defaults: [String]? = []
    var stored: [String] = []
    var computed: [String] = []
    var memberwise: [(name: String, defaulted: Bool)] = []
    var declaresInitializer = false

    /// The declarations it gives the struct `type`: the struct, its properties, and its memberwise initializer
    /// (each way of calling it, up to 16) when it declares none.
    func declarations(of type: String) -> [StateDeclaration] {
        var all: [StateDeclaration] = []
        var itself = StateDeclaration(name: Initializers.structName, owner: type, lazy: false)
        itself.role = .structType
        itself.dependsOn = defaults
        all.append(itself)
        for name in stored {
            var property = StateDeclaration(name: Initializers.storedName(name), owner: type, lazy: false)
            property.role = .structType
            property.dependsOn = []
            all.append(property)
        }
        all += computed.map { Initializers.computedProperty($0, of: type) }
        guard !declaresInitializer else { return all }
        let optional = memberwise.indices.filter { memberwise[$0].defaulted }
        guard optional.count <= 4 else { return all }
        for mask in 0..<(1 << optional.count) {
            let left = Set(optional.indices.filter { mask & (1 << $0) != 0 }.map { optional[$0] })
            let labels = memberwise.indices.filter { !left.contains($0) }.map { memberwise[$0].name }
            var initializer = StateDeclaration(name: Initializers.name(labels: labels), owner: type, lazy: false)
            initializer.role = .initializer
            initializer.dependsOn = []
            all.append(initializer)
        }
        return all
    }
}
