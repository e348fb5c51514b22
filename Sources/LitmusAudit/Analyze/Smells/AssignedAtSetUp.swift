import SwiftSyntax

/// A stored optional property of a test's type that every test finds set: each `init()` (a Swift Testing
/// suite makes one instance per test) or the `override func setUp()` of an XCTest class that is final, or that no
/// class of the tests inherits, sets it, in its own statements before any `return`, `guard` or `throw`, and every
/// assignment of it anywhere in the file but the class's `override func tearDown()` (which runs after the test)
/// gives it a value that is not optional: by the compiler's type of the value where the file has facts; without
/// them, `x = <call>` of a function the package's sources declare with a result that is not optional, reached from
/// a type the sources declare (``SourceFunctions``), an initializer of the property's type when the sources declare
/// that type with no failable initializer, or `T()` of a type they do not declare (``givesValue(_:declared:test:sources:)``).
/// A force unwrap of it (`xml!`, `self.xml!`) cannot trap.
///
/// Anything else leaves the unwrap a trap: an assignment under an `if`, from `try?`, `nil`, (without facts)
/// another type's initializer or one that may fail, an optional chain or an operator (`a ?? b`, `c ? nil : d`); the property passed `inout`;
/// another `init` that does not set it; a `weak`, `unowned`, `static`, `lazy` or wrapped property; a
/// `setUp` nothing calls (in a struct, with parameters, not an override) or in a class another class of the tests
/// inherits (its `setUp` may be overridden); and a bare `x` the test also declares (a parameter, a local, a closure's parameter).
enum AssignedAtSetUp {
    /// Whether `expression`, a force unwrap's operand in `test`, is such a property.
    static func cannotBeNil(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, let name = propertyName(expression),
            let type = enclosingType(of: test.declaration)
        else { return false }
        if expression.is(DeclReferenceExprSyntax.self), declaresLocally(name, test.declaration) { return false }
        // The answer is the test's: what other tests set, and the facts of its file, are left out for it alone.
        let key =
            "setUp|\(test.module)|\(test.owner ?? "")|\(test.name)|\(test.declaration.position.utf8Offset)|\(name)"
        return sources.remembered(key) {
            isSetBeforeEveryTest(name, in: type, test: test, sources: sources)
                || isSetByInheritedSetUp(name, testClass: type, test: test, sources: sources)
        }
    }

    private static func isSetBeforeEveryTest(
        _ name: String, in type: Syntax, test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        guard isPlainOptionalStoredProperty(name, in: type) else { return false }
        // Every assignment in the file: an extension, or another type, may set it too.
        var assignments: [SequenceExprSyntax] = []
        let root = type.root
        for node in root.descendants(of: Syntax.self) {
            // What a clause the build does not compile assigns never happens (Gloss's `#else` for Xcode).
            if let compiled = test.compiledHere, PackageClauses.excluded(node, upTo: root, compiled: compiled) {
                continue
            }
            if let passed = node.as(InOutExprSyntax.self), propertyName(passed.expression) == name,
                !inAnotherTest(node, than: test)
            {
                return false
            }
            guard let sequence = node.as(SequenceExprSyntax.self), !inAnotherTest(node, than: test) else { continue }
            let elements = Array(sequence.elements)
            if setsInTuple(elements, name), !isInTearDown(sequence, of: type) { return false }
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), propertyName(elements[0]) == name,
                !isInTearDown(sequence, of: type)
            else { continue }
            guard elements.count == 3,
                // A literal is a value too (Gloss's set-up's `testModels = [model!, model!]`).
                isValueLiteral(elements[2])
                    || givesValue(elements[2], declared: propertyType(name, in: type), test: test, sources: sources)
            else { return false }
            assignments.append(sequence)
        }
        let unsubclassed = type.as(ClassDeclSyntax.self).map { !sources.isSubclassed($0.name.text) } ?? false
        return !assignments.isEmpty
            && isSetUpBy(assignments, type: type, unsubclassed: unsubclassed, compiled: test.compiledHere)
    }

    /// Whether `node` is in a test other than `test` that `test` does not call: the runner runs each test on an
    /// instance of its own (XCTest makes one per test method, Swift Testing one suite value per test), so what
    /// another test sets (`writer = nil` to check a deinit, swift-nio 2.101.3's NIOAsyncWriterTests) this one never
    /// finds.
    static func inAnotherTest(_ node: Syntax, than test: ScannedTest) -> Bool {
        guard let function = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
            Syntax(function).id != test.declaration.id, HelperIndex.isTest(function)
        else { return false }
        let name = function.name.text
        return !test.declaration.descendants(of: DeclReferenceExprSyntax.self).contains { $0.baseName.text == name }
    }

    /// Whether `node` is in an XCTest `tearDown` (`tearDownWithError`) of `type`, which runs after each test and
    /// before the next one's `setUp`: what it sets the property to (`self.group = nil`) no test reads.
    static func isInTearDown(_ node: SequenceExprSyntax, of type: Syntax) -> Bool {
        guard let function = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
            ["tearDown", "tearDownWithError"].contains(function.name.text),
            function.signature.parameterClause.parameters.isEmpty,
            function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
            function.parent?.parent?.parent?.parent?.id == type.id
        else { return false }
        return true
    }

    /// What the stored property of the test's type that `expression` names (`channel`, `self.channel`) is given:
    /// its declaration's value and every `x = value` in the type and its extensions in the file, with the bodies
    /// that may hand it on before a test reads it: each `init`, `setUp`, and every method of the type and its
    /// extensions in the file the test calls (``calledHelpers(from:among:)``); `nil` when it is no stored property
    /// of the type (computed, wrapped, `lazy`, `static`, `weak`), or is passed `inout`, set by an operator (`+=`)
    /// or within more.
    static func assignments(
        of expression: ExprSyntax, test: ScannedTest
    ) -> (values: [ExprSyntax], setUps: [CodeBlockSyntax])? {
        guard let name = propertyName(expression), let type = enclosingType(of: test.declaration) else { return nil }
        if expression.is(DeclReferenceExprSyntax.self), declaresLocally(name, test.declaration) { return nil }
        guard let binding = plainStoredBinding(name, in: type) else { return nil }
        var values = binding.initializer.map { [$0.value] } ?? []
        // The type and its extensions in the file: another type's property of the name is another property.
        let typeName = type.asProtocol(NamedDeclSyntax.self)?.name.text
        let extensions = type.root.descendants(of: ExtensionDeclSyntax.self).filter {
            $0.extendedType.trimmedDescription == typeName
        }
        for node in ([type] + extensions.map(Syntax.init)).flatMap({ $0.descendants(of: Syntax.self) }) {
            if let passed = node.as(InOutExprSyntax.self), propertyName(passed.expression) == name { return nil }
            guard let sequence = node.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            if setsInTuple(elements, name) { return nil }
            for index in elements.indices.dropFirst() where propertyName(elements[index - 1]) == name {
                if elements[index].is(AssignmentExprSyntax.self) {
                    guard index == 1, elements.count == 3 else { return nil }
                    values.append(elements[2])
                } else if let operation = elements[index].as(BinaryOperatorExprSyntax.self),
                    CompoundAssignment.isOperator(operation.operator.text)
                {
                    return nil
                }
            }
        }
        let members = ([members(of: type)].compactMap { $0 } + extensions.map(\.memberBlock.members)).flatMap { $0 }
        let functions = members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        let helpers = calledHelpers(from: test.declaration, among: functions)
        let setUps = members.compactMap { member -> CodeBlockSyntax? in
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                let name = function.name.text
                return ["setUp", "setUpWithError"].contains(name) || helpers.contains(name) ? function.body : nil
            }
            return member.decl.as(InitializerDeclSyntax.self)?.body
        }
        return (values, setUps)
    }

    /// The names of the methods among `functions` the test calls, itself or through another of them (`addEncoder()`,
    /// `self.configure()`); not a test, nor a `tearDown`, which runs after it.
    private static func calledHelpers(from test: Syntax, among functions: [FunctionDeclSyntax]) -> Set<String> {
        let named = Dictionary(functions.map { ($0.name.text, $0) }) { first, _ in first }
        func calls(in node: Syntax) -> [String] {
            node.descendants(of: FunctionCallExprSyntax.self).compactMap { call in
                if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    return reference.baseName.text
                }
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                else { return nil }
                return member.declName.baseName.text
            }
        }
        var helpers: Set<String> = []
        var pending = calls(in: test)
        while let name = pending.popLast() {
            guard !name.hasPrefix("tearDown"), !name.hasPrefix("test"), let function = named[name],
                helpers.insert(name).inserted
            else { continue }
            pending += calls(in: Syntax(function))
        }
        return helpers
    }

    /// The binding of the stored property `name` of `type`: no attribute (a wrapper), no accessor, not
    /// `static`, `class`, `lazy`, `weak` or `unowned`.
    private static func plainStoredBinding(_ name: String, in type: Syntax) -> PatternBindingSyntax? {
        for member in members(of: type) ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                let access: Set<String> = ["private", "fileprivate", "internal", "public", "package", "final"]
                guard variable.attributes.isEmpty, variable.modifiers.allSatisfy({ access.contains($0.name.text) }),
                    binding.accessorBlock == nil
                else { return nil }
                return binding
            }
        }
        return nil
    }

    /// `x` when `reference` is the `x` of `self.x`, or a bare `x` (not another value's member).
    static func propertyName(naming reference: DeclReferenceExprSyntax) -> String? {
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            return propertyName(ExprSyntax(member))
        }
        return reference.baseName.tokenKind == .keyword(.self) ? nil : reference.baseName.text
    }

    /// Whether the sequence `elements` assigns a tuple that names the property `name` (`(self.x, y) = (nil, 1)`,
    /// nested tuples too): a value the assignment's own elements do not tell apart one by one.
    static func setsInTuple(_ elements: [ExprSyntax], _ name: String) -> Bool {
        elements.indices.dropFirst().contains { index in
            elements[index].is(AssignmentExprSyntax.self) && tupleNames(elements[index - 1], name)
        }
    }

    /// Whether `target` is a tuple with an element (or an element of a nested tuple) naming `name`.
    private static func tupleNames(_ target: ExprSyntax, _ name: String) -> Bool {
        guard let tuple = target.as(TupleExprSyntax.self) else { return false }
        return tuple.elements.contains { propertyName($0.expression) == name || tupleNames($0.expression, name) }
    }

    /// `x` for `x` or `self.x`.
    static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            return member.declName.baseName.text
        }
        return nil
    }

    /// Whether `expression` (`x`, `self.x`) names a plain stored property of the test's type (``plainStoredBinding(_:in:)``:
    /// not `weak`, computed, observed, wrapped, `lazy` or `static`), one that holds what it was last given.
    static func isPlainStoredProperty(_ expression: ExprSyntax, test: ScannedTest) -> Bool {
        guard let name = propertyName(expression), let type = enclosingType(of: test.declaration) else { return false }
        return plainStoredBinding(name, in: type) != nil
    }

    /// The type a stored property of the test's type is declared with, `T` of `var channel: T!` (or `T?`,
    /// `T`), when `expression` names it (`channel`, `self.channel`) and the test declares no `channel` of its own.
    static func declaredType(of expression: ExprSyntax, test: ScannedTest) -> String? {
        guard let name = propertyName(expression), let type = enclosingType(of: test.declaration) else { return nil }
        if expression.is(DeclReferenceExprSyntax.self), declaresLocally(name, test.declaration) { return nil }
        return propertyType(name, in: type)
    }

    /// The type the stored property `name` of `type` is declared with, without its optional.
    static func propertyType(_ name: String, in type: Syntax) -> String? {
        for member in members(of: type) ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
            else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard binding.accessorBlock == nil else { return nil }
                return declaredTypeName(binding)
            }
        }
        return nil
    }

    /// `T` of a binding annotated `T?`, `T!` or `T` (a property's, or a local's for ``JustAssigned``); the last
    /// component of a nested type's name (`Configuration` of `CassandraClient.Configuration!`, apple/swift-cassandra-client
    /// 0.12.0's test fixture), as the type a call makes is named.
    static func declaredTypeName(_ binding: PatternBindingSyntax) -> String? {
        guard let annotated = binding.typeAnnotation?.type else { return nil }
        let wrapped =
            annotated.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
            ?? annotated.as(OptionalTypeSyntax.self)?.wrappedType ?? annotated
        return wrapped.as(IdentifierTypeSyntax.self)?.name.text ?? wrapped.as(MemberTypeSyntax.self)?.name.text
    }

    /// Whether the test declares `name` itself: a parameter, a local, a closure's parameter, or a closure's capture
    /// of another value (`[loop = otherLoop]`) or a `weak` or `unowned` one (`[weak writer]`), which may be gone;
    /// not `[writer]` or `[writer = self.writer]`, the property's value when the closure was made.
    static func declaresLocally(_ name: String, _ declaration: Syntax) -> Bool {
        declaration.descendants(of: Syntax.self).contains { node in
            if let capture = node.as(ClosureCaptureSyntax.self), capture.name.text == name {
                return capture.specifier != nil || capture.initializer.map { propertyName($0.value) != name } ?? false
            }
            if let parameter = node.as(FunctionParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).text == name
            }
            if let pattern = node.as(IdentifierPatternSyntax.self) { return pattern.identifier.text == name }
            if let shorthand = node.as(ClosureShorthandParameterSyntax.self) { return shorthand.name.text == name }
            if let parameter = node.as(ClosureParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).text == name
            }
            return false
        }
    }

    /// The struct, class or actor whose member `declaration` is; for a member of an extension, the type it extends
    /// when the file declares it (`extension NonBlockingFileIOTest { func testAsync…() }` below the class, swift-nio
    /// 2.101.3: its tests find what the class's `setUp` set as the class's own do); `nil` for a type declared elsewhere.
    static func enclosingType(of declaration: Syntax) -> Syntax? {
        var node = declaration.parent
        while let current = node {
            if isTypeDeclaration(current) { return current }
            if let extended = current.as(ExtensionDeclSyntax.self) {
                let name = extended.extendedType.trimmedDescription
                // A type of the file not nested in another declaration (an enum, an extension): `extension T` names
                // a top-level `T`.
                return current.root.descendants(of: Syntax.self).first { candidate in
                    isTypeDeclaration(candidate) && candidate.asProtocol(NamedDeclSyntax.self)?.name.text == name
                        && candidate.parent?.ancestorOrSelf(mapping: { $0.asProtocol(DeclGroupSyntax.self) }) == nil
                }
            }
            node = current.parent
        }
        return nil
    }

    private static func isTypeDeclaration(_ node: Syntax) -> Bool {
        node.is(StructDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(ActorDeclSyntax.self)
    }

    static func members(of type: Syntax) -> MemberBlockItemListSyntax? {
        type.as(StructDeclSyntax.self)?.memberBlock.members ?? type.as(ClassDeclSyntax.self)?.memberBlock.members
            ?? type.as(ActorDeclSyntax.self)?.memberBlock.members
    }

    /// Whether the type declares `var name: T?` (or `T!`), with no value or `nil`, no attribute (a
    /// property wrapper) and no modifier but access control (not `weak`, `unowned`, `static`, `lazy`).
    static func isPlainOptionalStoredProperty(_ name: String, in type: Syntax) -> Bool {
        for member in members(of: type) ?? [] {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                let access: Set<String> = ["private", "fileprivate", "internal", "public", "package"]
                guard variable.attributes.isEmpty, variable.modifiers.allSatisfy({ access.contains($0.name.text) }),
                    binding.accessorBlock == nil, let annotated = binding.typeAnnotation?.type,
                    annotated.is(OptionalTypeSyntax.self) || annotated.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                else { return false }
                // Its first value: none, `nil`, or a literal (Gloss's `var testJSON: JSON? = [:]`), never `nil` either.
                guard let value = binding.initializer?.value else { return true }
                return value.is(NilLiteralExprSyntax.self) || isValueLiteral(value)
            }
        }
        return false
    }

    /// Whether `statement` may return from its function before the statements after it: a `return`, `guard` or
    /// `throw`, or one holding a `return` or `throw` outside its closures (`if skip { return }`). A `try` that
    /// throws ends a `setUp` and the test with it, so it is none.
    static func mayReturn(_ statement: CodeBlockItemSyntax) -> Bool {
        statement.item.is(GuardStmtSyntax.self)
            || FailingPath.holds(statement) { $0.is(ReturnStmtSyntax.self) || $0.is(ThrowStmtSyntax.self) }
    }

    /// The statement `assignment` is: itself, or, when it is a statement of a clause the build compiles that tells
    /// SwiftPM's build from others (``PackageClauses``), the `#if` around it, with no statement of the clause before it
    /// that may return; `nil` otherwise.
    static func statement(holding assignment: SequenceExprSyntax, compiled: ((Syntax) -> Bool)?) -> CodeBlockItemSyntax?
    {
        guard var item = assignment.parent?.as(CodeBlockItemSyntax.self) else { return nil }
        while let compiled, let statements = item.parent?.as(CodeBlockItemListSyntax.self),
            let clause = statements.parent?.as(IfConfigClauseSyntax.self), PackageClauses.tellsPackageBuild(clause),
            PackageClauses.isCompiled(clause, compiled: compiled),
            let outer = clause.parent?.parent?.parent?.as(CodeBlockItemSyntax.self)
        {
            for earlier in statements {
                if earlier.id == item.id { break }
                if mayReturn(earlier) { return nil }
            }
            item = outer
        }
        return item
    }

    /// Whether one of `assignments` is a statement of its own (or of a clause SwiftPM's build compiles,
    /// ``statement(holding:compiled:)``), before any `return`, `guard` or `throw`, in every `init` of the type (there is one at least), or in the `override func setUp()` (or
    /// `setUpWithError()`) of a final class, or of one no class of the tests inherits (`unsubclassed`: swift-nio
    /// 2.101.3's `class NonBlockingFileIOTest`), whose `setUp` no override replaces.
    static func isSetUpBy(
        _ assignments: [SequenceExprSyntax], type: Syntax, unsubclassed: Bool, compiled: ((Syntax) -> Bool)? = nil
    ) -> Bool {
        let settingFunctions = assignments.compactMap { assignment -> Syntax? in
            guard let item = statement(holding: assignment, compiled: compiled),
                let statements = item.parent?.as(CodeBlockItemListSyntax.self),
                let block = statements.parent?.as(CodeBlockSyntax.self), let function = block.parent
            else { return nil }
            for earlier in statements {
                if earlier.id == item.id { return function }
                if mayReturn(earlier) { return nil }
            }
            return nil
        }
        let members = (members(of: type) ?? []).map(\.decl)
        if let finalClass = type.as(ClassDeclSyntax.self),
            unsubclassed || finalClass.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) })
        {
            let setUps = members.compactMap { $0.as(FunctionDeclSyntax.self) }.filter { function in
                ["setUp", "setUpWithError"].contains(function.name.text)
                    && function.signature.parameterClause.parameters.isEmpty
                    && function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
            }
            if setUps.contains(where: { setUp in settingFunctions.contains { $0.id == Syntax(setUp).id } }) {
                return true
            }
        }
        let initializers = members.compactMap { $0.as(InitializerDeclSyntax.self) }
        return !initializers.isEmpty
            && initializers.allSatisfy { initializer in settingFunctions.contains { $0.id == Syntax(initializer).id } }
    }
}
