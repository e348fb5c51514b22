import SwiftSyntax

/// Helpers of the test targets that run the closure a test hands them once per case of a table built only from
/// their other arguments: swift-collections' `withEvery("i", in: 0 ..< 10) { i in … }` and
/// `withEveryDeque("deque", ofCapacities: [0, 1, 2]) { layout in … }`, whose cases are the loop's elements or a
/// record of the test targets made from them (`DequeLayout(capacity:startSlot:count:)`). Handed only literals,
/// such a helper runs the closure with the same cases every run, so a branch on the closure's parameters is the
/// test's table (``ConditionalLogicDetector``), as one on a loop over a literal is. Not a helper whose cases come
/// from anything else: a closure it was handed (`withEvery(_:by:)`'s generator), a call of the code under test
/// (`Deque(…)`, `.init(…)`, a method of a package's extension), a function of the test targets (it may call the
/// code under test), a value that differs between runs (`shuffled()`), a name set again, lent with `&` or bound in
/// a nested scope, or a closure it hands on. A call is matched to the functions of the test targets by name and
/// argument labels (``Signature``): it is a table helper's when every function it can resolve to is one
/// (swift-collections' `withEvery("i", in: 0 ..< 4)` is not its `withEvery("i", by: generator)`).
enum TableHelpers {
    /// The functions among `functions` that hand their closure only cases of their other arguments, with the
    /// others of their names; `records` are the test targets' plain records (``records(in:)``), which a case may
    /// be.
    static func index(of functions: [FunctionDeclSyntax], records: Set<String>) -> Index {
        var index = Index()
        for function in functions {
            index.overloads[function.name.text, default: []].append(
                (Signature(function), handsCases(function, records: records)))
        }
        return index
    }

    /// The test targets' functions by name, each with whether it hands its closure only cases.
    struct Index {
        fileprivate var overloads: [String: [(signature: Signature, hands: Bool)]] = [:]

        /// Whether `call` resolves only to functions that hand their closure cases: at least one function of
        /// its name takes its arguments, and every such function is a table helper.
        func handsCases(_ call: FunctionCallExprSyntax) -> Bool {
            guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else {
                return false
            }
            let candidates = (overloads[name] ?? []).filter { $0.signature.accepts(call) }
            return !candidates.isEmpty && candidates.allSatisfy(\.hands)
        }

        /// The names some function of which hands its closure cases.
        var names: Set<String> { Set(overloads.filter { $0.value.contains(where: \.hands) }.keys) }
    }

    /// What of a function's parameters tells which calls can resolve to it: each one's argument label, whether it
    /// has a default, takes a function, or is variadic.
    struct Signature {
        struct Parameter {
            var label: String?
            var defaulted: Bool
            var function: Bool
            var variadic: Bool
        }
        var parameters: [Parameter]

        init(_ function: FunctionDeclSyntax) {
            parameters = function.signature.parameterClause.parameters.map { parameter in
                Parameter(
                    label: parameter.firstName.text == "_" ? nil : parameter.firstName.text,
                    defaulted: parameter.defaultValue != nil, function: TableHelpers.holdsFunction(parameter.type),
                    variadic: parameter.ellipsis != nil)
            }
        }

        /// Whether `call`'s arguments fit these parameters in order, as Swift matches them: each labelled argument
        /// to the next parameter of its label, an unlabelled trailing closure to the next that takes a function,
        /// every parameter skipped or left over defaulted.
        func accepts(_ call: FunctionCallExprSyntax) -> Bool {
            var arguments: [(label: String?, trailing: Bool)] = call.arguments.map { ($0.label?.text, false) }
            if call.trailingClosure != nil { arguments.append((nil, true)) }
            arguments += call.additionalTrailingClosures.map { ($0.label.text, true) }
            var next = 0
            var argument = 0
            while argument < arguments.count {
                let (label, trailing) = arguments[argument]
                while next < parameters.count {
                    let parameter = parameters[next]
                    if trailing && label == nil ? parameter.function : parameter.label == label { break }
                    guard parameter.defaulted else { return false }
                    next += 1
                }
                guard next < parameters.count else { return false }
                argument += 1
                // A variadic parameter takes the unlabelled arguments after its first.
                if parameters[next].variadic {
                    while argument < arguments.count, arguments[argument].label == nil, !arguments[argument].trailing {
                        argument += 1
                    }
                }
                next += 1
            }
            return parameters[next...].allSatisfy(\.defaulted)
        }
    }

    /// The structs among `types` that hold only numbers, Booleans and strings, set only from their initializers'
    /// parameters: a value of one is the numbers it was made from.
    static func records(in types: [DeclSyntax]) -> Set<String> {
        Set(
            types.compactMap { type in
                guard let record = type.as(StructDeclSyntax.self) else { return nil }
                let members = record.memberBlock.members.map(\.decl)
                let stored = members.compactMap { $0.as(VariableDeclSyntax.self) }.filter { variable in
                    !variable.modifiers.contains { $0.name.text == "static" }
                }.flatMap(\.bindings).filter { $0.accessorBlock == nil }
                let plain = stored.allSatisfy { binding in
                    binding.initializer == nil
                        && binding.typeAnnotation.map { scalars.contains($0.type.trimmedDescription) } == true
                }
                let initializers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
                return plain && initializers.allSatisfy(onlyStoresParameters) ? record.name.text : nil
            })
    }

    private static let scalars: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Bool", "String",
        "Double", "Float", "Character",
    ]

    /// An initializer whose statements each set a property to a parameter (`self.count = count`) or check one
    /// (`precondition(…)`, `assert(…)`).
    private static func onlyStoresParameters(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body else { return false }
        let parameters = Set(
            initializer.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        return body.statements.allSatisfy { statement in
            if let call = statement.item.as(FunctionCallExprSyntax.self),
                let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            {
                return ["precondition", "assert"].contains(name)
            }
            guard let sequence = statement.item.as(SequenceExprSyntax.self) else { return false }
            let parts = Array(sequence.elements)
            return parts.count == 3 && parts[1].is(AssignmentExprSyntax.self)
                && parts[2].as(DeclReferenceExprSyntax.self).map { parameters.contains($0.baseName.text) } == true
        }
    }

    private static func handsCases(_ function: FunctionDeclSyntax, records: Set<String>) -> Bool {
        guard let body = function.body else { return false }
        let parameters = function.signature.parameterClause.parameters
        let closures = Set(parameters.filter { holdsFunction($0.type) }.map { ($0.secondName ?? $0.firstName).text })
        let data = Set(parameters.filter { !holdsFunction($0.type) }.map { ($0.secondName ?? $0.firstName).text })
        guard !closures.isEmpty else { return false }
        var handed: [FunctionCallExprSyntax] = []
        for reference in body.descendants(of: DeclReferenceExprSyntax.self)
        where closures.contains(reference.baseName.text) {
            // Each use of a closure parameter is a call of it: passed on, what it is run with is not seen here.
            guard let call = reference.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(reference).id
            else { return false }
            handed.append(call)
        }
        guard !handed.isEmpty else { return false }
        let cases = Cases(body: body, data: data, records: records)
        return handed.allSatisfy { call in
            call.trailingClosure == nil && call.arguments.allSatisfy { cases.isCase($0.expression) }
        }
    }

    /// `(X) -> Y`, `@escaping (X) throws -> Y`, `((X) -> Y)?`.
    fileprivate static func holdsFunction(_ type: TypeSyntax) -> Bool {
        !type.descendants(of: FunctionTypeSyntax.self).isEmpty
    }

    /// What the names of one helper's body can hold: each name's defining expressions (its initializer, the
    /// sequence its `for` loop goes over, the arguments of the methods called on it).
    private struct Cases {
        var definitions: [String: [ExprSyntax]] = [:]
        /// Names whose value is not seen: set again (`=`, `+=`, a member or subscript of it set), lent with `&`,
        /// or bound in a nested scope or a pattern (a closure's or nested function's parameter, `case let`,
        /// a tuple), where one table of names cannot tell them apart.
        var unknown: Set<String> = []
        var data: Set<String>
        var records: Set<String>

        /// The methods whose result is a case when their base is: the same elements, in a fixed order.
        static let keeping: Set<String> = [
            "sorted", "reversed", "enumerated", "dropFirst", "dropLast", "prefix", "suffix",
        ]
        /// The methods that add a case to a collection of them.
        static let adding: Set<String> = ["insert", "append"]

        init(body: CodeBlockSyntax, data: Set<String>, records: Set<String>) {
            self.data = data
            self.records = records
            var bound: Set<SyntaxIdentifier> = []
            for node in body.descendants(of: Syntax.self) {
                if let loop = node.as(ForStmtSyntax.self) {
                    for name in loop.pattern.descendants(of: IdentifierPatternSyntax.self) {
                        definitions[name.identifier.text, default: []].append(loop.sequence)
                        bound.insert(name.id)
                    }
                } else if let binding = node.as(PatternBindingSyntax.self),
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)
                {
                    // A `var` declared without a value is set later, which makes it unknown below.
                    if let value = binding.initializer?.value {
                        definitions[name.identifier.text, default: []].append(value)
                    }
                    bound.insert(name.id)
                } else if let binding = node.as(OptionalBindingConditionSyntax.self),
                    let name = binding.pattern.as(IdentifierPatternSyntax.self), let value = binding.initializer?.value
                {
                    // `if let x` alone unwraps the `x` already defined.
                    definitions[name.identifier.text, default: []].append(value)
                    bound.insert(name.id)
                } else if let pattern = node.as(IdentifierPatternSyntax.self), !bound.contains(pattern.id) {
                    unknown.insert(pattern.identifier.text)
                } else if let parameter = node.as(ClosureShorthandParameterSyntax.self) {
                    unknown.insert(parameter.name.text)
                } else if let parameter = node.as(ClosureParameterSyntax.self) {
                    unknown.insert((parameter.secondName ?? parameter.firstName).text)
                } else if let parameter = node.as(FunctionParameterSyntax.self) {
                    unknown.insert((parameter.secondName ?? parameter.firstName).text)
                } else if let sequence = node.as(SequenceExprSyntax.self) {
                    // `x = …`, `x += …`, `x.count = …`, `x[i] = …`: the operators are not folded here.
                    let parts = Array(sequence.elements)
                    for (index, part) in parts.enumerated().dropFirst()
                    where part.is(AssignmentExprSyntax.self)
                        || part.as(BinaryOperatorExprSyntax.self).map({
                            CompoundAssignment.isOperator($0.operator.text)
                        })
                            == true
                    {
                        if let name = Self.rootName(parts[index - 1]) { unknown.insert(name) }
                    }
                } else if let call = node.as(FunctionCallExprSyntax.self),
                    let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    Self.adding.contains(member.declName.baseName.text)
                {
                    definitions[name, default: []] += call.arguments.map(\.expression)
                } else if let lending = node.as(InOutExprSyntax.self), let name = Self.rootName(lending.expression) {
                    unknown.insert(name)
                }
            }
        }

        /// `x` of `x`, `x.count`, `x[i]`, `x.a.b`.
        private static func rootName(_ expression: ExprSyntax) -> String? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
                return rootName(base)
            }
            if let subscripted = expression.as(SubscriptCallExprSyntax.self) {
                return rootName(subscripted.calledExpression)
            }
            return nil
        }

        /// Whether `expression` is made only of literals, the helper's other arguments, names holding only such
        /// cases, the properties of those, the ``keeping`` methods of them, and the test targets' records made
        /// of them.
        func isCase(_ expression: ExprSyntax) -> Bool {
            var visiting: Set<String> = []
            return isCase(expression, visiting: &visiting)
        }

        private func isCase(_ expression: ExprSyntax, visiting: inout Set<String>) -> Bool {
            guard expression.descendants(of: ClosureExprSyntax.self).isEmpty,
                expression.descendants(of: MacroExpansionExprSyntax.self).isEmpty
            else { return false }
            for call in expression.descendants(of: FunctionCallExprSyntax.self) {
                if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    records.contains(name)
                {
                    continue
                }
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
                    Self.keeping.contains(member.declName.baseName.text)
                else { return false }
            }
            for member in expression.descendants(of: MemberAccessExprSyntax.self) where member.base == nil {
                return false
            }
            for reference in expression.descendants(of: DeclReferenceExprSyntax.self) {
                // A member's name (`layout.count`) is read through its base; a record's name is its initializer.
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                    continue
                }
                let name = reference.baseName.text
                if records.contains(name), let call = reference.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.id == ExprSyntax(reference).id
                {
                    continue
                }
                // An argument of the helper is a case; what the body adds to it must be one too.
                guard !unknown.contains(name), let values = definitions[name] ?? (data.contains(name) ? [] : nil),
                    !visiting.contains(name)
                else { return false }
                visiting.insert(name)
                defer { visiting.remove(name) }
                for value in values where !isCase(value, visiting: &visiting) { return false }
            }
            return true
        }
    }
}
