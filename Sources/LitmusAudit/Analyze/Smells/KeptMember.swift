import SwiftSyntax

/// trapInTest: an unwrap of a member of an object the test holds (`manager.engine!`) that the test set, earlier in the
/// same block, to a value that is not optional (`manager.engine = engine`), when nothing can have cleared it since: no
/// statement between names the object other than by calling its methods or reading it, and the package's sources never
/// give a member of that name anything that may be `nil` (``SourceFunctions/neverMadeNil(_:)``), so the calls between
/// cannot either (socketio/socket.io-client-swift v16.1.1: `manager.engine = engine; manager.setTestStatus(.connected);
/// manager.config.insert(.path(newValue)); … manager.engine!.socketPath`, whose `SocketManager` gives `engine` only a
/// `SocketEngine(…)` it makes and an `if var` binding of it; four read false on first contact). A member the package
/// declares `weak`, `unowned`, wrapped or computed, hands on `inout` or may give `nil`, one a test double clears, a
/// value that may be `nil`, the object set again or handed on `inout` between, or a closure of the test that may set
/// the member or the object still counts.
enum KeptMember {
    /// Whether `unwrap` reads such a member.
    static func cannotBeNil(_ unwrap: ForceUnwrapExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, sources.readsPackage, let member = unwrap.expression.as(MemberAccessExprSyntax.self),
            let object = member.base?.as(DeclReferenceExprSyntax.self), object.baseName.tokenKind != .keyword(.self),
            let (item, statements) = JustAssigned.statement(holding: unwrap),
            !JustAssigned.isInLoopCondition(unwrap, of: item),
            let index = statements.firstIndex(where: { $0.id == item.id })
        else { return false }
        let name = member.declName.baseName.text
        let target = "\(object.baseName.text).\(name)"
        // A closure of the test that sets the member, or the object, may run from any call between.
        guard !setsInClosure(name, object: object.baseName.text, test: test), sources.neverMadeNil(name) else {
            return false
        }
        for earlier in statements[..<index].reversed() {
            if let value = assignedValue(to: target, in: earlier) {
                return givesValue(value, test: test, sources: sources)
            }
            if changesObject(object.baseName.text, in: earlier) { return false }
        }
        return false
    }

    /// The assignments `node` holds (`target = value`, unfolded as the parser leaves them), each with its value when
    /// the value is one operand (`nil` for `a = b ?? c`, whose operands are not folded).
    static func assignments(in node: some SyntaxProtocol) -> [(target: ExprSyntax, value: ExprSyntax?)] {
        Syntax(node).descendants(of: SequenceExprSyntax.self).compactMap { sequence in
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
            return (elements[0], elements.count == 3 ? elements[2] : nil)
        }
    }

    /// The value of the statement `target = value`.
    private static func assignedValue(to target: String, in statement: CodeBlockItemSyntax) -> ExprSyntax? {
        guard let sequence = statement.item.as(SequenceExprSyntax.self),
            let assignment = assignments(in: sequence).first, assignment.target.parent?.parent?.id == sequence.id,
            unqualified(assignment.target) == target
        else { return nil }
        return assignment.value
    }

    /// Whether `statement` assigns the object `name` (or a member of it), or hands it on `inout`.
    private static func changesObject(_ name: String, in statement: CodeBlockItemSyntax) -> Bool {
        let changed =
            Syntax(statement).descendants(of: InOutExprSyntax.self).map(\.expression)
            + assignments(in: statement).map(\.target)
        return changed.contains { unqualified($0) == name || unqualified($0).hasPrefix("\(name).") }
    }

    /// Whether a closure of the test assigns a member `name` of anything (`self.manager.engine = nil` in a handler
    /// the package calls), or the object itself (`client.onReconnect = { self.manager = Manager() }`).
    private static func setsInClosure(_ name: String, object: String, test: ScannedTest) -> Bool {
        test.all(ClosureExprSyntax.self).contains { closure in
            assignments(in: closure).contains { target, _ in
                target.as(MemberAccessExprSyntax.self)?.declName.baseName.text == name || unqualified(target) == object
            }
        }
    }

    /// The text of `expression` without a leading `self.` (`self.manager.engine` is `manager.engine`).
    private static func unqualified(_ expression: some SyntaxProtocol) -> String {
        let text = expression.trimmedDescription
        return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    /// Whether `value` is never `nil`: a property every test finds set to a value (``AssignedAtSetUp/cannotBeNil(_:test:
    /// sources:)``), or a value by the compiler's type or the package's declarations (``AssignedAtSetUp/givesValue(_:
    /// declared:test:sources:)``, an initializer of a package type with none failable among them).
    private static func givesValue(_ value: ExprSyntax, test: ScannedTest, sources: SourceFunctions) -> Bool {
        if value.is(DeclReferenceExprSyntax.self) {
            return AssignedAtSetUp.cannotBeNil(value, test: test, sources: sources)
        }
        return AssignedAtSetUp.givesValue(value, declared: value.madeTypeName, test: test, sources: sources)
    }
}

extension ExprSyntax {
    /// The type a call of its initializer makes (`Engine` of `Engine()`, `try Engine(path:)`), the declared type an
    /// assignment of it gives; `nil` for anything else.
    var madeTypeName: String? { withoutTryOrAwait.as(FunctionCallExprSyntax.self)?.initializedTypeName() }
}
