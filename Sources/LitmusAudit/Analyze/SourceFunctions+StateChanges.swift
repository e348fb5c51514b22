import SwiftSyntax

/// Methods of the package's classes that change their instance.
extension SourceFunctions {
    /// Whether the method `method` of the class `name` the files declare changes the instance's own stored state:
    /// its body, or the body of a method of the same class it calls by name (`call()` handing over to
    /// `call(())`), assigns one of the class's stored `var`s (`self.stubs = …`, `count += 1`) or calls a method on
    /// one (`history.append(value)`). Quick/swift-fakes 1.1.0's `DynamicResult.call()` moves on through its stubs, so
    /// the same check of it twice reads two answers; swift-bson's `BSONEncoder.encode(_:)` reads its settings only.
    /// `false` when the class or the method is not declared in the class's own body.
    func methodChangesState(_ method: String, ofClass name: String) -> Bool {
        remembered("changes-state|\(name)|\(method)") {
            lock.withLock {
                guard let (declaration, _) = classDeclaration(name) else { return false }
                let members = declaration.memberBlock.members.map(\.decl)
                let stored = Set(
                    members.compactMap { $0.as(VariableDeclSyntax.self) }
                        .filter { $0.bindingSpecifier.tokenKind == .keyword(.var) }
                        .flatMap(\.bindings)
                        .filter { binding in
                            // A computed property has no storage of its own; observers keep it stored.
                            guard let accessors = binding.accessorBlock?.accessors else { return true }
                            guard case .accessors(let list) = accessors else { return false }
                            return list.allSatisfy {
                                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
                            }
                        }
                        .compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text })
                guard !stored.isEmpty else { return false }
                var bodies: [String: [CodeBlockSyntax]] = [:]
                for function in members.compactMap({ $0.as(FunctionDeclSyntax.self) }) {
                    if let body = function.body { bodies[function.name.text, default: []].append(body) }
                }
                var seen: Set<String> = []
                var pending = [method]
                while let next = pending.popLast() {
                    guard seen.insert(next).inserted else { continue }
                    for body in bodies[next] ?? [] {
                        if Self.writes(body, anyOf: stored) { return true }
                        pending += body.descendants(of: FunctionCallExprSyntax.self).compactMap {
                            Self.ownMember($0.calledExpression)
                        }
                    }
                }
                return false
            }
        }
    }

    /// The name `expression` gives a member of the same instance: `name` or `self.name` (a method called, `f(…)` or
    /// `self.f(…)`; a stored property assigned or called on, `count += 1`, `self.history.append(…)`).
    private static func ownMember(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return member.declName.baseName.text
    }

    /// Whether `body` assigns one of `stored` (`x = …`, `self.x += …`) or calls a method on one (`x.append(…)`).
    private static func writes(_ body: CodeBlockSyntax, anyOf stored: Set<String>) -> Bool {
        let assigns = body.descendants(of: SequenceExprSyntax.self).contains { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3,
                elements[1].is(AssignmentExprSyntax.self) || ConditionalLogicDetector.isCompoundAssignment(elements[1]),
                let name = ownMember(elements[0])
            else { return false }
            return stored.contains(name)
        }
        return assigns
            || body.descendants(of: FunctionCallExprSyntax.self).contains { call in
                guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
                    let name = ownMember(base)
                else { return false }
                return stored.contains(name)
            }
    }
}
