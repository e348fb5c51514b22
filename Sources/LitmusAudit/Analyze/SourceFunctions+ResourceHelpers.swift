import SwiftSyntax

/// A function of the files that looks up a resource of the test bundle by the name it is given and returns the
/// file's contents: mapbox/turf-swift v4.0.0's `Fixture.geojsonData(from name: String) throws -> Data?`, whose body
/// is `guard let path = moduleBundle().path(forResource: name, ofType: "geojson") else { …; return nil }` then
/// `return try Data(contentsOf: URL(fileURLWithPath: path))`. Called with a literal name, it returns `nil` only when
/// that file is not in the bundle, and throws only when the file it found cannot be read: a mistake of the project's
/// set-up, as ``TestResources`` reads a lookup written in the test itself (16 findings of turf-swift named such a
/// helper's `try!` and `!`, read a wrong cause on first contact).
struct ResourceHelper: Equatable {
    /// The position of the argument that names the resource.
    var nameArgument: Int
    /// The extension the helper gives the name (`geojson`; empty for none).
    var fileExtension: String
}

extension SourceFunctions {
    /// The resource lookup every function `name` with the argument labels `labels` (`nil` for none) that the files
    /// declare makes, when each is such a helper (``ResourceHelper``) of the same argument and extension; `nil` when
    /// none is declared, or one is not.
    func resourceHelper(_ name: String, labels: [String?]) -> ResourceHelper? {
        lock.withLock {
            var helper: ResourceHelper?
            for (index, text) in loaded().enumerated() where declares(text, "func \(name)") {
                for function in tree(index).descendants(of: FunctionDeclSyntax.self)
                where function.name.text == name && Self.labels(of: function) == labels {
                    guard let shape = Self.resourceLookup(function, bundles: { bundleFunction($0) }),
                        helper == nil || helper == shape
                    else { return nil }
                    helper = shape
                }
            }
            return helper
        }
    }

    /// Whether every function `name` without parameters that the files declare returns only the test bundle, in
    /// every clause of an `#if` (`#if SPM_TESTING return Bundle.module #else return Bundle(for: self) #endif`), one at
    /// least (the lock held).
    private func bundleFunction(_ name: String) -> Bool {
        var seen = false
        for (index, text) in loaded().enumerated() where declares(text, "func \(name)") {
            for function in tree(index).descendants(of: FunctionDeclSyntax.self)
            where function.name.text == name && function.signature.parameterClause.parameters.isEmpty {
                guard let body = function.body else { return false }
                let returns = body.descendants(of: ReturnStmtSyntax.self)
                guard !returns.isEmpty,
                    returns.allSatisfy({ $0.expression.map(Self.isTestBundle) ?? false }),
                    body.statements.allSatisfy({
                        $0.item.is(ReturnStmtSyntax.self) || $0.item.is(IfConfigDeclSyntax.self)
                    })
                else { return false }
                seen = true
            }
        }
        return seen
    }

    /// `Bundle.module` or `Bundle(for: …)`.
    private static func isTestBundle(_ expression: ExprSyntax) -> Bool {
        if BundledResource.isModuleBundle(expression) { return true }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Bundle"
        else { return false }
        return call.arguments.map { $0.label?.text } == ["for"]
    }

    /// The argument labels of `function`'s parameters, `nil` for `_`.
    private static func labels(of function: FunctionDeclSyntax) -> [String?] {
        function.signature.parameterClause.parameters.map {
            $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text
        }
    }

    /// The lookup `function` makes when its body is only `guard let found = LOOKUP else { … }`, constants made of
    /// `found` (`let url = URL(fileURLWithPath: found)`), and `return try Data(contentsOf: …)` or `String(contentsOf…:,
    /// encoding:)` of them; `LOOKUP` a test bundle's (`bundles` answers for a function returning one)
    /// `path(forResource: name, ofType: "ext")` or `url(forResource: name, withExtension: "ext")` of its `String`
    /// parameter `name`, or several such joined by `??`.
    private static func resourceLookup(_ function: FunctionDeclSyntax, bundles: (String) -> Bool) -> ResourceHelper? {
        guard let body = function.body, let first = body.statements.first?.item.as(GuardStmtSyntax.self),
            first.conditions.count == 1,
            let binding = first.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let found = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value
        else { return nil }
        let parameters = function.signature.parameterClause.parameters.map {
            (name: ($0.secondName ?? $0.firstName).text, type: $0.type.trimmedDescription)
        }
        // `a ?? b ?? c`, as the parser leaves it: operands between `??`s.
        var lookups: [ExprSyntax] = [value]
        if let sequence = value.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            let operators = elements.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            guard elements.count % 2 == 1,
                operators.allSatisfy({ $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" })
            else { return nil }
            lookups = elements.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        let shapes = lookups.map { lookupShape($0, parameters: parameters, bundles: bundles) }
        guard let shape = shapes.first ?? nil, shapes.allSatisfy({ $0 == shape }) else { return nil }
        // What follows the guard: constants of what it found, and the read returned.
        var known: Set<String> = [found]
        for item in body.statements.dropFirst().map(\.item) {
            if let declaration = item.as(VariableDeclSyntax.self),
                declaration.bindingSpecifier.tokenKind == .keyword(.let),
                declaration.bindings.count == 1, let only = declaration.bindings.first,
                let name = only.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let made = only.initializer?.value, isLocation(made, of: known)
            {
                known.insert(name)
                continue
            }
            guard let returned = item.as(ReturnStmtSyntax.self)?.expression, isRead(returned, of: known) else {
                return nil
            }
        }
        return body.statements.last?.item.is(ReturnStmtSyntax.self) == true ? shape : nil
    }

    /// The helper's lookup when `expression` is a test bundle's `path(forResource: NAME, ofType: "ext")` or
    /// `url(forResource: NAME, withExtension: "ext")`, `NAME` a `String` parameter.
    private static func lookupShape(
        _ expression: ExprSyntax, parameters: [(name: String, type: String)], bundles: (String) -> Bool
    ) -> ResourceHelper? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        else { return nil }
        let bundle =
            isTestBundle(base)
            || base.as(FunctionCallExprSyntax.self).map { made in
                made.arguments.isEmpty && made.trailingClosure == nil
                    && (made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text).map(bundles) == true
            } == true
        let kind = ["path": "ofType", "url": "withExtension"][member.declName.baseName.text]
        guard bundle, let kind, call.arguments.map({ $0.label?.text }) == ["forResource", kind],
            let name = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let index = parameters.firstIndex(where: { $0.name == name }), parameters[index].type == "String",
            let ext = call.arguments.last.flatMap({ BundledResource.literalArgument($0.expression) })
        else { return nil }
        return ResourceHelper(nameArgument: index, fileExtension: ext)
    }

    /// `name` of `known`, or `URL(fileURLWithPath: name)`.
    private static func isLocation(_ expression: ExprSyntax, of known: Set<String>) -> Bool {
        if let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text { return known.contains(name) }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "URL",
            call.arguments.map({ $0.label?.text }) == ["fileURLWithPath"],
            let argument = call.arguments.first?.expression
        else { return false }
        return isLocation(argument, of: known)
    }

    /// `try Data(contentsOf: L)`, `try String(contentsOf: L, encoding: …)` or `try String(contentsOfFile: L,
    /// encoding: …)` of a location of `known` (``isLocation(_:of:)``).
    private static func isRead(_ expression: ExprSyntax, of known: Set<String>) -> Bool {
        guard let attempt = expression.as(TryExprSyntax.self), attempt.questionOrExclamationMark == nil,
            let call = attempt.expression.as(FunctionCallExprSyntax.self),
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["Data", "String"].contains(type), let location = call.arguments.first,
            ["contentsOf", "contentsOfFile"].contains(location.label?.text ?? ""),
            call.arguments.dropFirst().allSatisfy({ $0.label?.text == "encoding" })
        else { return false }
        return isLocation(location.expression, of: known)
    }
}
