import SwiftSyntax

/// A file-private constant holding a tool: an object made from fixed values alone, which its file only uses through
/// calls that leave nothing a later test can see (``StateDeclaration/Role/tool``). What it names must resolve as
/// fixed over every file (``tool(_:)``'s references): its type is the toolchain's (no type of that name in the
/// sources), and an implicit member it is given (`.concurrent`, `.sortedKeys`) is no state of the package's
/// (`extension TimeZone { static var server }` makes `.server` state). Two kinds:
/// - a dispatch queue made from literals, only handed work (`sync`, `async`, `asyncAfter`, `asyncAndWait`): GraphQL's
///   `private let cacheQueue = DispatchQueue(label: …, attributes: .concurrent)`, a reader/writer lock around
///   caches. Once the work is done the queue holds nothing a later test can see (what the work itself touches is that
///   code's own access);
/// - a formatter or a coder made and configured by its initializer from fixed values, only used to format or parse
///   (`string(from:)`, `date(from:)`, `number(from:)`, `encode`, `decode`): FlyingFox 0.27.1's `private static let
///   dateFormatter: DateFormatter = { let df = DateFormatter(); df.dateFormat = "…"; df.timeZone =
///   TimeZone(secondsFromGMT: 0); df.locale = Locale(identifier: "en_US_POSIX"); return df }()`. Whoever reads it
///   first, it formats the same way, and nothing changes it afterwards. One that depends on the process's locale
///   must be given its locale (and a `DateFormatter` its time zone), since otherwise it takes the process's when it
///   is made or first used, which a test can change.
///
/// Any other use anywhere in the file keeps it state: a property set (`formatter.dateFormat = …`), `suspend()`,
/// `setTarget(queue:)`, handing it on as an argument or to another name (which could then do any of those), a queue
/// made with a `target:`, a formatter configured from anything but fixed values.
enum ToolConstants {
    /// What a tool is, and so which calls only use it.
    enum Kind {
        case queue, formatter

        /// The calls that only use it.
        var calls: Set<String> {
            switch self {
            case .queue: ["sync", "async", "asyncAfter", "asyncAndWait"]
            case .formatter: ["string", "date", "number", "encode", "decode"]
            }
        }
    }

    /// The formatters and coders that are tools once made, each with the properties its initializer must set to
    /// fixed values: those whose default is the process's, read when it is made.
    static let formatters: [String: Set<String>] = [
        "DateFormatter": ["locale", "timeZone"], "NumberFormatter": ["locale"], "ISO8601DateFormatter": [],
        "JSONEncoder": [], "JSONDecoder": [], "PropertyListEncoder": [], "PropertyListDecoder": [],
    ]

    /// What `value`, a constant's initializer, makes, when it makes a tool from fixed values alone, with what it
    /// names that must resolve as fixed (``StateDeclaration/state(of:)``): `type:Name` for its type, `~name` for each
    /// implicit member among its values.
    static func tool(_ value: ExprSyntax) -> (kind: Kind, references: [String])? {
        let kind: Kind
        let type: String
        if isQueueOfLiterals(value) {
            kind = .queue
            type = "DispatchQueue"
        } else if let made = configuredFormatter(value) {
            kind = .formatter
            type = made
        } else {
            return nil
        }
        let members = value.descendants(of: MemberAccessExprSyntax.self).filter { $0.base == nil }
            .map { "~\($0.declName.baseName.text)" }
        return (kind, ["type:\(type)"] + Set(members).sorted())
    }

    /// Whether `value` is `DispatchQueue(…)` (or `Dispatch.DispatchQueue(…)`) of a string literal label and implicit
    /// members (`.concurrent`, `[.concurrent]`, `.userInitiated`) alone.
    static func isQueueOfLiterals(_ value: ExprSyntax) -> Bool {
        guard let call = value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            ["DispatchQueue", "Dispatch.DispatchQueue"].contains(call.calledExpression.trimmedDescription),
            call.arguments.contains(where: { $0.label?.text == "label" })
        else { return false }
        return call.arguments.allSatisfy { $0.label?.text != "target" && isLiteral($0.expression) }
    }

    /// Which of ``formatters`` `value` makes without arguments, either alone (when it needs no property set) or in a
    /// closure called at once that makes it, sets its properties to fixed values (``isFixed(_:)``), each of those it
    /// needs among them, and returns it.
    static func configuredFormatter(_ value: ExprSyntax) -> String? {
        if let type = madeFormatter(value) { return formatters[type]?.isEmpty == true ? type : nil }
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let closure = call.calledExpression.as(ClosureExprSyntax.self), closure.signature == nil
        else { return nil }
        let statements = closure.statements.map(\.item)
        guard statements.count >= 2,
            let binding = statements.first?.as(VariableDeclSyntax.self)?.bindings.first,
            let local = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            binding.typeAnnotation == nil, let made = binding.initializer.flatMap({ madeFormatter($0.value) }),
            let needed = formatters[made],
            statements.last?.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text
                == local
        else { return nil }
        var set: Set<String> = []
        for statement in statements.dropFirst().dropLast() {
            guard let elements = statement.as(SequenceExprSyntax.self)?.elements.map({ $0 }), elements.count == 3,
                let property = elements[0].as(MemberAccessExprSyntax.self),
                property.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == local,
                elements[1].is(AssignmentExprSyntax.self), isFixed(elements[2])
            else { return nil }
            set.insert(property.declName.baseName.text)
        }
        return needed.isSubset(of: set) ? made : nil
    }

    /// The type of ``formatters`` that `value` makes with no argument (`DateFormatter()`), if it is one.
    private static func madeFormatter(_ value: ExprSyntax) -> String? {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        let type = call.calledExpression.trimmedDescription.replacingOccurrences(of: "Foundation.", with: "")
        return formatters[type] != nil ? type : nil
    }

    /// A value a formatter's property can be set to that is the same in every process: a literal, an implicit member
    /// or an array of them (each resolved as no state over every file, ``tool(_:)``), a time zone of a fixed offset
    /// or name, a locale of a fixed identifier, a calendar of a fixed identifier (or any of those unwrapped with `!`).
    /// Not `TimeZone.current`, `Locale.current` or `.autoupdatingCurrent` (the process's), nor `TimeZone(abbreviation:)`
    /// (what an abbreviation names is a table any code can set).
    static func isFixed(_ expression: ExprSyntax) -> Bool {
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return isFixed(unwrapped.expression) }
        // An implicit member is fixed only once `~name` resolves (``tool(_:)``): not `.current` or another of
        // ``StateSyntax/sharedMembers``, nor a static the package declares state.
        if isLiteral(expression) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.trailingClosure == nil, let argument = call.arguments.first
        else { return false }
        let fixedMakers: Set<String> = [
            "TimeZone(secondsFromGMT:)", "TimeZone(identifier:)", "Locale(identifier:)", "Calendar(identifier:)",
        ]
        let maker = "\(call.calledExpression.trimmedDescription)(\(argument.label?.text ?? "_"):)"
        return fixedMakers.contains(maker)
            && (isLiteral(argument.expression) || argument.expression.is(IntegerLiteralExprSyntax.self))
    }

    /// A string literal without interpolation, an implicit member without arguments, or an array of them.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if let text = expression.as(StringLiteralExprSyntax.self) {
            return text.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isLiteral($0.expression) }
        }
        return false
    }

    /// Whether every reference in `file` to the name `name` (bare, or a member of any base: `Self.name`,
    /// `Type.name`, also another type's of the same name) is a call on it of one of `kind`'s ``Kind/calls``.
    static func onlyUsed(_ name: String, as kind: Kind, in file: SourceFileSyntax) -> Bool {
        let uses = Uses(name: name, calls: kind.calls)
        uses.walk(file)
        return uses.onlyCalls
    }

    private final class Uses: SyntaxVisitor {
        let name: String
        let calls: Set<String>
        var onlyCalls = true

        init(name: String, calls: Set<String>) {
            self.name = name
            self.calls = calls
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.baseName.text == name else { return .visitChildren }
            // `name` itself, or the member access `X.name` it ends.
            var reference = Syntax(node)
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                reference = Syntax(member)
            }
            guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id,
                calls.contains(member.declName.baseName.text),
                let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id
            else {
                onlyCalls = false
                return .skipChildren
            }
            return .visitChildren
        }
    }
}
