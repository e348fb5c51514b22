import SwiftSyntax

/// Where a trap's value comes from. A `try!`, a force unwrap or a force cast in a test ends the process when the
/// code under test regresses: the value it takes must be able to come from the package's own code. One made
/// only of the test's literals, the standard library's, the platform's or a dependency's API (`try!
/// Data(contentsOf: fixture)`, `try! group.syncShutdownGracefully()`, `EmbeddedChannel().pipeline`) does not
/// change with the package: a trap there is set-up, the same every run (every true trap finding of the corpus
/// read a value of the package's; swift-crypto 4.5.2's `try!` of test vectors decoded by Foundation did not).
///
/// Read by name, conservatively: a value may come from the package when it names a type or function the
/// package's sources or tests declare, a member they declare (`frame.payload`, `json.int16`), a function other
/// than the standard library's, an initializer of a type the context gives (`.init(…)`), `self` or a closure's
/// `$0`, or a name that is not a constant of the test (a parameter, a `var`, a property). A constant (`let url =
/// …`) is read for what it holds, and for what the test hands it to before the trap (`try
/// channel.pipeline.addHandler(FrameEncoder()).wait()`: the channel holds the package's handler from then on). A
/// value of the process's environment (`ProcessInfo`, `environment`, `getenv`) or of a bundle's resources not
/// known to be bundled (``BundledResource``) differs between machines, runners and builds, and counts as the
/// package's.
enum TrapProvenance {
    /// Names of what differs between machines, runners and runs.
    static let machine: Set<String> = ["ProcessInfo", "environment", "getenv", "CommandLine", "Bundle"]
    /// The standard library's functions that take no closure of the test's: what they give depends on their
    /// arguments alone. Another lowercase function a test calls, declared nowhere in the package, may be a
    /// dependency's or the package's, made by a macro or a plugin: it counts as the package's. A capitalised name
    /// declared nowhere is read as the platform's or a dependency's, a type a build plugin generates too.
    private static let standardFunctions: Set<String> = [
        "zip", "stride", "min", "max", "abs", "repeatElement", "numericCast", "unsafeBitCast", "type",
    ]

    /// Whether `expression`, at its place in `test`, may hold a value of the package's own code. Without the
    /// package's sources (loose files), it may.
    static func mayComeFromPackage(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        mayComeFromPackage([Syntax(expression)], test: test, sources: sources)
    }

    /// Whether one of `parts` (a cast's value and its target type) may hold a value of the package's own code.
    static func mayComeFromPackage(_ parts: [Syntax], test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, sources.readsPackage else { return true }
        var visiting: Set<String> = []
        return parts.contains { mayComeFromPackage($0, test: test, sources: sources, visiting: &visiting) }
    }

    /// Whether `trap` calls a function, or names a type, that the package's own sources declare and its tests do not
    /// (`try! repo.template(named: "partial")` of groue/GRMustache.swift 7.0.0, beside the `Bundle.ofFileDirectory(
    /// filePath: #filePath)!` its tests' helper makes before it: 20 findings named that set-up, read a wrong cause).
    /// A property read (`.count`, `.first`) is not read: its name is too common to tell.
    static func namesPackageSource(_ trap: Syntax, sources: SourceFunctions?) -> Bool {
        guard let sources, sources.readsPackage else { return false }
        let types = trap.descendants(of: IdentifierTypeSyntax.self).map(\.name.text)
        let called = trap.descendants(of: FunctionCallExprSyntax.self).compactMap { call -> String? in
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                return member.declName.baseName.text
            }
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return (types + called).contains { !commonNames.contains($0) && sources.declaresOutsideTests($0) }
    }

    /// Names many packages declare to conform to a library protocol (`func encode(to:)`) or beside a library's of the
    /// same name: a call of one tells nothing of whose it is.
    static let commonNames: Set<String> = [
        "encode", "decode", "hash", "makeIterator", "next", "callAsFunction", "description", "init", "run",
        "start", "stop", "close", "read", "write", "get", "set", "send", "receive", "handle", "value",
    ]

    /// What a `try!` covers: its expression, and in a sequence the parser has not folded (`try! a == b()`), every
    /// operand after it too.
    static func covered(by attempt: TryExprSyntax) -> [Syntax] {
        guard let elements = attempt.parent?.as(ExprListSyntax.self).map(Array.init),
            let index = elements.firstIndex(where: { $0.id == ExprSyntax(attempt).id })
        else { return [Syntax(attempt.expression)] }
        return [Syntax(attempt.expression)] + elements[(index + 1)...].map(Syntax.init)
    }

    private static func mayComeFromPackage(
        _ node: Syntax, test: ScannedTest, sources: SourceFunctions, visiting: inout Set<String>
    ) -> Bool {
        // A type the package declares (a struct, class, enum or actor, or a type alias; not a protocol), named as a
        // generic argument or a cast's target (`Page<Todo>.self`, `as! Todo`).
        for type in node.descendants(of: IdentifierTypeSyntax.self)
        where sources.declaresType(type.name.text) || sources.declaresMember(type.name.text) {
            return true
        }
        let references = node.descendants(of: DeclReferenceExprSyntax.self)
        // The names of `self.x`, read as the property they are.
        var read: Set<SyntaxIdentifier> = []
        for reference in references where !read.contains(reference.id) {
            let name = reference.baseName.text
            if machine.contains(name) { return true }
            if reference.baseName.tokenKind == .keyword(.self),
                let member = reference.parent?.as(MemberAccessExprSyntax.self),
                member.base?.id == ExprSyntax(reference).id
            {
                read.insert(member.declName.id)
                if property(ExprSyntax(member), at: reference, test: test, sources: sources, visiting: &visiting) {
                    return true
                }
                continue
            }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                if memberMayComeFromPackage(member, test: test, sources: sources) { return true }
                continue
            }
            switch reference.baseName.tokenKind {
            case .keyword, .dollarIdentifier: return true
            default: break
            }
            if name.first?.isUppercase == true {
                if sources.declaresType(name) || sources.declaresMember(name) { return true }
                continue
            }
            if let value = test.letValue(of: name, at: Syntax(reference)) {
                if constantMayComeFromPackage(
                    reference, value: value, test: test, sources: sources, visiting: &visiting)
                {
                    return true
                }
                continue
            }
            if let (function, index) = LocalFunction.parameter(named: reference, in: test) {
                if parameterMayComeFromPackage(
                    reference, of: function, at: index, test: test, sources: sources, visiting: &visiting)
                {
                    return true
                }
                continue
            }
            let called =
                reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(reference).id
            if !called, AssignedAtSetUp.assignments(of: ExprSyntax(reference), test: test) != nil {
                if property(ExprSyntax(reference), at: reference, test: test, sources: sources, visiting: &visiting) {
                    return true
                }
                continue
            }
            // A function of the standard library's the package does not declare again (`zip`, `min`).
            if let call = reference.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == ExprSyntax(reference).id, standardFunctions.contains(name),
                !sources.declaresMember(name)
            {
                continue
            }
            return true
        }
        return false
    }

    /// Whether the constant `reference` names, bound to `value`, may hold the package's: its value is read once (a
    /// cycle, or the same `let` named again, adds nothing); what the test hands it before each place it is named, once
    /// per place.
    private static func constantMayComeFromPackage(
        _ reference: DeclReferenceExprSyntax, value: ExprSyntax, test: ScannedTest, sources: SourceFunctions,
        visiting: inout Set<String>
    ) -> Bool {
        let name = reference.baseName.text
        // A constant written with a type the package declares (`let a: Amount = 150`) holds the package's value.
        if let annotation = value.parent?.parent?.as(PatternBindingSyntax.self)?.typeAnnotation,
            namesPackageType(Syntax(annotation.type), sources: sources)
        {
            return true
        }
        if visiting.insert("let \(name)@\(value.position.utf8Offset)").inserted,
            mayComeFromPackage(Syntax(value), test: test, sources: sources, visiting: &visiting)
        {
            return true
        }
        return visiting.insert("handed \(name)@\(reference.position.utf8Offset)").inserted
            && isHandedToPackage(name, before: reference, test: test, sources: sources, visiting: &visiting)
    }

    /// Whether the parameter `reference` names, of a function the test declares in its body, may hold the package's:
    /// one of the values its calls give it may (each read once, as a constant's: `func test(_ v: String, _ m: String)`
    /// called as `test("124q", "Invalid decimal BigInt string")` holds the test's literals, and `try!
    /// JSONEncoder().encode(v)` in it encodes them, attaswift/BigInt 6.0.1), a default left to it may, or the function,
    /// before `reference`, hands it to what may be the package's. One of a type the package declares, or `inout`
    /// (what the function assigns it is not what its calls gave), may.
    private static func parameterMayComeFromPackage(
        _ reference: DeclReferenceExprSyntax, of function: LocalFunction, at index: Int, test: ScannedTest,
        sources: SourceFunctions, visiting: inout Set<String>
    ) -> Bool {
        // A parameter of a type the package declares holds the package's value, whatever literal makes it
        // (`func check(_ v: BigInt)` called as `check(5)`: the package's `init(integerLiteral:)`).
        let type = function.parameter(at: index).type
        let isInOut =
            type.as(AttributedTypeSyntax.self)?.specifiers.contains {
                $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.tokenKind == .keyword(.inout)
            } == true
        if isInOut || namesPackageType(Syntax(type), sources: sources) { return true }
        for values in function.given {
            guard let value = values[index] else { return true }
            if visiting.insert("given @\(value.position.utf8Offset)").inserted,
                mayComeFromPackage(Syntax(value), test: test, sources: sources, visiting: &visiting)
            {
                return true
            }
        }
        let name = reference.baseName.text
        guard let body = function.declaration.body,
            visiting.insert("handed \(name)@\(reference.position.utf8Offset)").inserted
        else { return false }
        return handsOn(
            in: Syntax(body), before: reference.position,
            naming: { named in
                named.baseName.text == name && named.parent?.as(MemberAccessExprSyntax.self)?.declName.id != named.id
            }, skipping: { _ in false }, test: test, sources: sources, visiting: &visiting)
    }

    /// Whether `type` names a type (or a member type) the package declares.
    private static func namesPackageType(_ type: Syntax, sources: SourceFunctions) -> Bool {
        type.descendants(of: IdentifierTypeSyntax.self).contains {
            sources.declaresType($0.name.text) || sources.declaresMember($0.name.text)
        }
    }

    /// Whether the member `member` names may be the package's: `T.self` names the type its base names; `.init(…)`
    /// initializes a type the context gives, the package's unless no initializer of the package's has its first label
    /// (``isForeignInitializer``); any other member the package or its tests declare, but the tests' own fixed code
    /// (``isTestsOwn(_:called:test:sources:)``) and what the compiler resolved to the standard library or Foundation.
    private static func memberMayComeFromPackage(
        _ member: MemberAccessExprSyntax, test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        let reference = member.declName
        if member.base == nil, reference.baseName.tokenKind == .keyword(.`init`) {
            return !isForeignInitializer(member, sources: sources)
        }
        // One the compiler resolved to the standard library's or Foundation's declaration is theirs, whatever the
        // package declares of the same name (`try! JSONEncoder().encode(v)` beside attaswift/BigInt 6.0.1's
        // `encode(to:)`); its base and arguments are read on their own.
        if case .known(let declaration) = test.ask({ $0.declaration(of: ExprSyntax(member)) }),
            let module = declaration.module, module == "Swift" || TypedDeclaration.foundationModules.contains(module)
        {
            return false
        }
        let name = reference.baseName.text
        let called = member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == ExprSyntax(member).id
        return reference.baseName.tokenKind != .keyword(.self) && sources.declaresMember(name)
            && !isTestsOwn(name, called: called, test: test, sources: sources)
    }

    /// Whether `member` is the `.init` of a call `.init(label: …)` whose first argument label (`_` when it has none) no
    /// initializer of the package's files has, nor the compiler writes for them (`rawValue`, an enum's with a raw
    /// type): the type the context gives is a library's or the platform's, and what it makes of the arguments does not
    /// change with the package (mattpolzin/OpenAPIKit 3.x's `.external(.init(string: "./schema.json")!)`, Foundation's
    /// `URL(string:)`). The arguments are read on their own.
    private static func isForeignInitializer(_ member: MemberAccessExprSyntax, sources: SourceFunctions) -> Bool {
        guard let call = member.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.id == ExprSyntax(member).id, let first = call.arguments.first
        else { return false }
        let label = first.label?.text ?? "_"
        return label != "rawValue" && !sources.declaresInitializer(label: label)
    }

    /// Whether the stored property of the test's type `expression` names (`self.channel`, `channel`) may hold a
    /// value of the package's: one it is given may, or a statement of the type's set-up, or of the test before
    /// `use`, hands it to what may be the package's. One it is passed `inout` to, or not a stored property, may.
    private static func property(
        _ expression: ExprSyntax, at use: DeclReferenceExprSyntax, test: ScannedTest, sources: SourceFunctions,
        visiting: inout Set<String>
    ) -> Bool {
        guard let name = AssignedAtSetUp.propertyName(expression), !visiting.contains("self.\(name)") else {
            return false
        }
        visiting.insert("self.\(name)")
        guard let given = AssignedAtSetUp.assignments(of: expression, test: test) else { return true }
        for value in given.values
        where mayComeFromPackage(Syntax(value), test: test, sources: sources, visiting: &visiting) {
            return true
        }
        let regions =
            given.setUps.map { (Syntax($0), AbsolutePosition(utf8Offset: Int.max)) }
            + [(test.declaration, use.position)]
        return regions.contains { region, end in
            handsOn(
                in: region, before: end, naming: { AssignedAtSetUp.propertyName(naming: $0) == name },
                // What it is set to was read above.
                skipping: { statement in
                    guard let sequence = statement.item.as(SequenceExprSyntax.self) else { return false }
                    return sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true
                        && sequence.elements.first.flatMap(AssignedAtSetUp.propertyName) == name
                }, test: test, sources: sources, visiting: &visiting)
        }
    }

    /// Whether a statement of the test before `use` names the constant `name` beside what may be the package's
    /// (`try channel.pipeline.addHandler(FrameEncoder()).wait()`, `HTTPClient(eventLoopGroup: group)`): an
    /// object the test made may hold the package's state from then on.
    private static func isHandedToPackage(
        _ name: String, before use: DeclReferenceExprSyntax, test: ScannedTest, sources: SourceFunctions,
        visiting: inout Set<String>
    ) -> Bool {
        handsOn(
            in: test.declaration, before: use.position,
            naming: { reference in
                reference.baseName.text == name
                    && reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
            },
            // The constant's own binding was read already.
            skipping: { statement in
                statement.item.as(VariableDeclSyntax.self)?.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                } == true
            }, test: test, sources: sources, visiting: &visiting)
    }

    /// Whether a statement of `region` that ends before `end` and names a value (`naming`) may hold what is the
    /// package's, beside it; not the statements `skipping` takes.
    private static func handsOn(
        in region: Syntax, before end: AbsolutePosition, naming: (DeclReferenceExprSyntax) -> Bool,
        skipping: (CodeBlockItemSyntax) -> Bool, test: ScannedTest, sources: SourceFunctions,
        visiting: inout Set<String>
    ) -> Bool {
        let statements = region.descendants(of: DeclReferenceExprSyntax.self).filter {
            $0.position < end && naming($0)
        }.compactMap { $0.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }) }
        for statement in statements where statement.endPosition <= end && !skipping(statement) {
            if mayComeFromPackage(Syntax(statement), test: test, sources: sources, visiting: &visiting) { return true }
        }
        return false
    }
}
