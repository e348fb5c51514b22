import SwiftSyntax

/// The names a test's own table binds around a check: the elements of its loops over a table it wrote, the cases
/// a table helper hands its closure, and the constants a block derives from them. A branch that reads only these
/// decides by the table, not by the code under test.
extension ConditionalLogicDetector {
    /// Whether `closure` is the body of a Swift Testing check (`#expect(throws: Never.self) { try f() }`, `#require
    /// { … }`), which runs it where it stands: the loops around the check are around its body too (swift-bitcoin's
    /// `for testCase in coreTestAssets { if let success = testCase.success { #expect(throws: Never.self) { try
    /// successTx.verifyScript(&context) } } }`, over the file's own table).
    private static func isCheckedInPlace(_ closure: ClosureExprSyntax) -> Bool {
        guard let macro = closure.parent?.as(MacroExpansionExprSyntax.self) else { return false }
        return ["expect", "require"].contains(macro.macroName.text)
    }

    /// The names the loops around `node` (inside `body`) bind to the elements of a table the test wrote out
    /// (``isWrittenTable(_:literalNames:)``), or to their offsets (`.enumerated()`, `.indices`): `i` and `j`
    /// of `for i in -5...5 { for j in -5...5 { … } }`, `lhsIndex` and `rhsIndex` of
    /// `arrays.enumerated().forEach { lhsIndex, lhs in arrays.enumerated().forEach { rhsIndex, rhs in … } }`.
    /// A condition that reads only these skips the same cases of the test's own table every run
    /// (attaswift/BigInt 6.0.1's `guard i != 0 || j >= 0 else { continue }`, 0 to a negative power;
    /// swift-identified-collections 1.1.1's `guard rhsIndex != lhsIndex else { return }`, an array and
    /// itself). Not the elements of what the code under test gave (`for entry in archive`), even where the
    /// loop is taken to iterate. A closure handed to one of the `tableHelpers` (``TableHelpers``) with only
    /// literals and these names binds that helper's cases: swift-collections'
    /// `withEveryDeque("deque", ofCapacities: [0, 1, 2]) { layout in guard layout.count > 0 else { return } … }`.
    static func tableLoopElements(
        around node: Syntax, in body: Syntax, literalNames: Set<String>, tableHelpers: TableHelpers.Index
    ) -> Set<String> {
        var names: Set<String> = []
        // Closures handed to a table helper, whose arguments may name the elements of tables around them.
        var handed: [(ClosureExprSyntax, FunctionCallExprSyntax)] = []
        var child = node
        var current = node.parent
        while let syntax = current, syntax.id != body.id {
            if syntax.is(FunctionDeclSyntax.self) { break }
            if let closure = syntax.as(ClosureExprSyntax.self),
                !isCheckedInPlace(closure)
            {
                // A `forEach` over the table binds its elements, as a `for` loop does, and a table helper its
                // cases; another closure ends the walk.
                guard let call = closure.hostCall else { break }
                if tableHelpers.handsCases(call) {
                    handed.append((closure, call))
                } else {
                    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                        member.declName.baseName.text == "forEach", let sequence = member.base,
                        isWrittenTable(tableViewed(by: sequence), literalNames: literalNames)
                    else { break }
                    names.formUnion(closure.parameterNames ?? [])
                }
            }
            if let loop = syntax.as(ForStmtSyntax.self), child.id == loop.body.id,
                isWrittenTable(tableViewed(by: loop.sequence), literalNames: literalNames)
            {
                names.formUnion(loop.pattern.descendants(of: IdentifierPatternSyntax.self).map(\.identifier.text))
                if let single = loop.pattern.as(IdentifierPatternSyntax.self) { names.insert(single.identifier.text) }
            }
            child = syntax
            current = syntax.parent
        }
        // Outermost first: an inner helper's arguments may name an outer one's cases.
        for (closure, call) in handed.reversed() {
            let written = literalNames.union(names)
            // The closure that binds the cases is the only one: another closure argument gives cases of its own.
            guard call.additionalTrailingClosures.isEmpty,
                call.trailingClosure == nil || call.trailingClosure?.id == closure.id,
                call.arguments.allSatisfy({ argument in
                    argument.expression.id == ExprSyntax(closure).id
                        || isWrittenValue(argument.expression, names: written)
                })
            else { continue }
            names.formUnion(closure.parameterNames ?? [])
        }
        return names
    }

    /// Whether the switched `subject` reads only `names` (`switch direction`, a table's value), calling nothing: `switch
    /// try input.parse()` switches on what the code under test made of the table.
    static func readsOnly(_ subject: ExprSyntax, _ names: Set<String>) -> Bool {
        let nodes = [Syntax(subject)] + subject.descendants(of: Syntax.self)
        guard !nodes.contains(where: { $0.is(FunctionCallExprSyntax.self) || $0.is(SubscriptCallExprSyntax.self) })
        else { return false }
        let read = readNames(Syntax(subject))
        return !read.isEmpty && read.allSatisfy(names.contains)
    }

    /// Whether every name `conditions` read (besides literals and members) is one of `names`: the
    /// test's own table or parameters.
    static func readsOnly(_ conditions: ConditionElementListSyntax, _ names: Set<String>) -> Bool {
        // `if let x` (no value written) reads `x`.
        let unwrapped = conditions.compactMap { element -> String? in
            guard let binding = element.condition.as(OptionalBindingConditionSyntax.self), binding.initializer == nil
            else { return nil }
            return binding.pattern.trimmedDescription
        }
        let read = readNames(Syntax(conditions)) + unwrapped
        return !read.isEmpty && read.allSatisfy(names.contains)
    }

    /// Whether `expression` is a value the test wrote: a literal, a collection or a range of them, or one of
    /// `names` (the test's tables and the elements of its loops over them).
    static func isWrittenValue(_ expression: ExprSyntax, names: Set<String>) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self)
        {
            return true
        }
        if let macro = expression.as(MacroExpansionExprSyntax.self) {
            return macro.arguments.isEmpty
                && ["file", "filePath", "fileID", "line", "column", "function"].contains(macro.macroName.text)
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let name = expression.as(DeclReferenceExprSyntax.self) { return names.contains(name.baseName.text) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            return isWrittenValue(prefix.expression, names: names)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.allSatisfy { isWrittenValue($0.expression, names: names) }
        }
        if let (low, op, high) = EqualityShapeDetector.comparison(expression), ["...", "..<"].contains(op) {
            return isWrittenValue(low, names: names) && isWrittenValue(high, names: names)
        }
        return false
    }

    /// The collection `sequence` goes over with its offsets: `table` of `table.enumerated()` or
    /// `table.indices`; `sequence` itself otherwise.
    static func tableViewed(by sequence: ExprSyntax) -> ExprSyntax {
        if let call = sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "enumerated", let base = member.base
        {
            return base
        }
        if let member = sequence.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "indices",
            let base = member.base
        {
            return base
        }
        return sequence
    }

    /// The constants `statement` declares from `names` alone, without calling anything: `count` of
    /// `let count = layout.count`, `mid` of `let mid = (count - 2) / 2`. Not `let deque = Deque(layout)`, which
    /// the code under test makes.
    static func derivedConstants(_ statement: CodeBlockItemSyntax, from names: Set<String>) -> [String] {
        guard let declaration = statement.item.as(VariableDeclSyntax.self), declaration.bindingSpecifier.text == "let"
        else { return [] }
        return declaration.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value,
                value.descendants(of: FunctionCallExprSyntax.self).isEmpty,
                value.descendants(of: ClosureExprSyntax.self).isEmpty,
                value.descendants(of: SubscriptCallExprSyntax.self).isEmpty
            else { return nil }
            let read = value.descendants(of: DeclReferenceExprSyntax.self).filter { reference in
                reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            }
            return !read.isEmpty && read.allSatisfy({ names.contains($0.baseName.text) }) ? name : nil
        }
    }
}

/// The parameters of the functions a test declares in its body that every call gives a value the test wrote: a branch
/// on one is decided by the calls, each the same every run, as a branch on a parameterized test's argument is.
extension ConditionalLogicDetector {
    /// The parameters of the functions declared in `test`'s body (not methods of a type declared there) that each of
    /// its calls there gives a value the test wrote (``isFixedArgument(_:names:cases:)``), or leaves at such a default,
    /// with the function they are the parameters of: a branch on one inside that function is decided by the calls
    /// (swift-syntax 603.0.1's `func test<T>(with ty: T.Type, unsigned: Bool = false)` called with `UInt.self,
    /// unsigned: true` and `Int.self`, then `if !unsigned { … }`; attaswift/BigInt 6.0.1's `direction: .wordsToUnits`,
    /// switched on). Not a function never called, one called by something else than its name (handed on as a
    /// value), nor a parameter some call gives a value the test computed.
    static func localFunctionTables(_ test: ScannedTest, names: Set<String>) -> [(FunctionDeclSyntax, Set<String>)] {
        let cases = Set(test.declaration.root.descendants(of: EnumCaseElementSyntax.self).map(\.name.text))
        return LocalFunction.all(in: test).compactMap { function in
            var fixed: Set<String> = []
            for (index, parameter) in function.declaration.signature.parameterClause.parameters.enumerated()
            where function.given.allSatisfy({ values in
                guard let value = values[index] else { return false }
                return isFixedArgument(value, names: names, cases: cases)
            }) {
                fixed.insert((parameter.secondName ?? parameter.firstName).text)
            }
            return fixed.isEmpty ? nil : (function.declaration, fixed)
        }
    }

    /// Whether `value` is one the test wrote (``isWrittenValue(_:names:)``), `nil`, a case of an enumeration its file
    /// declares written alone (`.wordsToUnits`; not `.current` or `.shared`, which differ from one machine or run to
    /// the next), or a type (`UInt8.self`).
    private static func isFixedArgument(_ value: ExprSyntax, names: Set<String>, cases: Set<String>) -> Bool {
        if value.is(NilLiteralExprSyntax.self) || isWrittenValue(value, names: names) { return true }
        guard let member = value.as(MemberAccessExprSyntax.self) else { return false }
        if member.base == nil { return cases.contains(member.declName.baseName.text) }
        return member.declName.baseName.tokenKind == .keyword(.self)
            && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase == true
    }
}
