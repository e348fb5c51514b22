import SwiftSyntax

/// sensitiveEquality: text made from a value's description, compared where the value was meant.
extension EqualityShapeDetector {
    /// sensitiveEquality's judgement of one test's checks; what it reads of the test (the texts it writes
    /// outside its checks, the names it binds to a Codable error's context) is read once, and only for a
    /// test that compares a description.
    struct DescriptionComparison {
        let test: ScannedTest
        /// The texts the package's own sources write, if known.
        let texts: PackageTexts?
        /// The package's own sources, if known: for a description a type of the package declares, without facts.
        let sources: SourceFunctions?
        private var writtenTexts: Set<String>?
        private var contexts: Set<String>?

        init(_ test: ScannedTest, texts: PackageTexts? = nil, sources: SourceFunctions? = nil) {
            self.test = test
            self.texts = texts
            self.sources = sources
        }

        /// Whether the check `name` (with `arguments`, comparing `operands`, at `assertion`) compares a description,
        /// and why it is unconfirmed if the types could not confirm it; `nil` when it does not.
        mutating func judge(
            _ name: String, _ arguments: [LabeledExprSyntax], operands: [ExprSyntax], at assertion: Syntax
        ) -> Unconfirmed?? {
            // Without operands, the unlabelled arguments an assertion checks (`XCTAssertTrue(x, message)` checks
            // `x`: its message, `"\(String(reflecting: $0))"`, is only printed when it fails; vapor's
            // fluent-sqlite-driver 4.9.0).
            // A closure given to a checking helper is code the helper runs, whose own checks are judged where they
            // are (Kitura 3.0.1's `performServerTest(router, asyncTasks: { … }, { … })`, whose closures' messages
            // hold `String(describing:)`): no value it compares.
            let checked =
                operands.isEmpty
                ? Array(
                    arguments.filter { $0.label == nil && !$0.expression.is(ClosureExprSyntax.self) }.map(\.expression)
                        .prefix(RepetitionDetector.operandCounts[name] ?? Int.max)) : operands
            // A failure's message (`XCTFail("\(String(describing: error))")`) compares nothing; two descriptions
            // compared with each other change together when the format does (vapor/sqlite-nio 1.13.2's
            // `decoded?.description == date.description`), one read through a cast to its protocol too (OpenCombine's
            // `(subscriber as? CustomStringConvertible)?.description == tracking.description`).
            let bothDescriptions =
                operands.count == 2
                && operands.allSatisfy {
                    readsDescription($0, fixed: hasFixedDescription, exemptingCasts: false, exemptingTypeNames: false)
                }
            // Whether a description is there (`XCTAssertNotNil(e.debugDescription)`, mattpolzin/Poly 2.8.0) compares no
            // text; something made of it (`XCTAssertNotNil(x.description.range(of: "3"))`) does.
            // So is a description compared with `nil` (vapor/toolbox 20.0.0's `#expect(option.description == nil)`, an
            // optional field of a manifest).
            let withNil = { (sides: [ExprSyntax]) in
                sides.count == 2 && sides.contains { $0.is(NilLiteralExprSyntax.self) }
                    && sides.contains(where: EqualityShapeDetector.isBareDescription)
            }
            let comparedWithNil =
                withNil(operands)
                || (checked.count == 1
                    && checked.first.flatMap(EqualityShapeDetector.comparison).map {
                        ["==", "!="].contains($0.1) && withNil([$0.0, $0.2])
                    } == true)
            // Whether a description is empty (`XCTAssertFalse(keyType.description.isEmpty)`, Citadel 0.11.1's check
            // that every key type describes itself) compares no text either: no change of format but to nothing
            // breaks it.
            let checksEmptiness =
                checked.allSatisfy(EqualityShapeDetector.isDescriptionEmptiness)
                || (operands.count == 2 && operands.contains(where: EqualityShapeDetector.isDescriptionEmptiness)
                    && operands.contains { $0.is(BooleanLiteralExprSyntax.self) })
            let checksPresence =
                (["XCTAssertNil", "XCTAssertNotNil"].contains(name)
                    && checked.allSatisfy(EqualityShapeDetector.isBareDescription)) || comparedWithNil
                || (!checked.isEmpty && checksEmptiness)
            guard !messageOnly.contains(name), !checksPresence, !bothDescriptions,
                checked.contains(where: { readsDescription($0) })
            else { return nil }
            let names = contexts ?? codingErrorContexts(test)
            contexts = names
            guard checked.contains(where: { readsDescription($0, contexts: names, fixed: hasFixedDescription) }) else {
                return nil
            }
            if checksFieldsFirst(checked, at: assertion) { return nil }
            let texts = writtenTexts ?? textsWritten(test)
            writtenTexts = texts
            let own = ownDescriptions(checked, test: test)
            guard !echoesText(operands, texts), own.value != true, !findsGivenText(name, checked, texts) else {
                return nil
            }
            if case .unknown = own, let sources,
                describedByPackage(checked, test: test, sources: sources)
                    || readsOptionalDescriptionField(checked, test: test, sources: sources)
                    || readsStoredDescriptionField(checked, test: test, sources: sources)
            {
                return nil
            }
            if !rendersToolchainValue(checked, own: own), packageWrites(operands) { return nil }
            return .some(own.unconfirmed)
        }

        /// Whether `base` is a text, whose `description` is itself and renders nothing, or an integer, whose
        /// `description` is its digits: a fixed text, not a rendering a new version could change
        /// (`headers[.contentLength] == body.utf8.count.description`, swift-openapi-hummingbird 2.1.0). By the
        /// facts; without them, a string literal cast to a text type (`("foobar" as NSString).description`,
        /// Quick/Nimble 14.0.0), an integer literal, or a `count`, which is an `Int` on every collection.
        private func hasFixedDescription(_ base: ExprSyntax) -> Bool {
            let inner = base.withoutParentheses
            if let type = test.type(of: inner).value { return type.isText || type.isInteger }
            if inner.is(IntegerLiteralExprSyntax.self) { return true }
            if let member = inner.as(MemberAccessExprSyntax.self), member.base != nil,
                member.declName.baseName.text == "count"
            {
                return true
            }
            // A plain `as` of a literal with nothing interpolated: `"\(x)"` renders `x`.
            guard let cast = EqualityShapeDetector.cast(inner), !cast.conditional,
                cast.value.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText) != nil
            else { return false }
            return ["String", "Substring", "Character", "NSString"].contains(cast.type)
        }

        /// Whether the facts say a description compared is the standard library's or Foundation's text of a
        /// value: a `description` member of theirs (`own` is known false with one to ask), or `String(describing:)`
        /// of a concrete type of theirs (`URL`, `Int`), whose text no literal of the package makes its own.
        private func rendersToolchainValue(_ expressions: [ExprSyntax], own: TypedAnswer<Bool>) -> Bool {
            let nodes = expressions.flatMap { [Syntax($0)] + $0.descendants(of: Syntax.self) }
            let members = nodes.contains { node in
                guard let member = node.as(MemberAccessExprSyntax.self), member.base != nil else { return false }
                return ["description", "debugDescription"].contains(member.declName.baseName.text)
            }
            if members, own.value == false { return true }
            return nodes.contains { node in
                guard let call = node.as(FunctionCallExprSyntax.self),
                    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                    let argument = call.arguments.first, ["describing", "reflecting"].contains(argument.label?.text),
                    let type = test.type(of: argument.expression).value
                else { return false }
                return type.isToolchainConcrete
            }
        }

        /// Whether the one check of `checked`, by `name` that passes when it holds, looks in the description of an
        /// error the test caught (``describesCaughtError(_:)``) for a text the test wrote (``echoesText(_:_:)``) or
        /// that the package's sources write (``PackageTexts/holds(_:)``): `String(describing: error).contains(
        /// "--alpha")` after parsing `["--verbose", "--alpha"]`, or `.contains("Unknown arguments")` of the package's
        /// `"Unknown arguments: \(…)"` (kareman/Moderator 0.5.1's error messages, three read false on first contact).
        /// An error's description is its message; a value's (`"\(order)".contains("gift wrap")`) is still its
        /// rendering, and `XCTAssertFalse(….contains(…))` passes whatever the format becomes.
        private func findsGivenText(_ name: String, _ checked: [ExprSyntax], _ written: Set<String>) -> Bool {
            guard ["XCTAssert", "XCTAssertTrue", "expect", "require"].contains(name), checked.count == 1,
                let call = checked.first?.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "contains", let base = member.base, readsDescription(base),
                call.arguments.count == 1, call.arguments.first?.label == nil,
                let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
                let fragment = literal.representedLiteralValue, EqualityShapeDetector.describesCaughtError(base)
            else { return false }
            return echoesText([base, ExprSyntax(literal)], written) || texts?.holds(fragment) == true
        }

        /// Whether a description is compared with a text the package's own sources write (an error's message,
        /// `String(describing: error) == "You cannot look up remote JSON references …"`): the package's
        /// description, written on purpose and pinned down on purpose, as ``ownDescriptions(_:test:)`` finds by the
        /// facts where the type is known (here it is `any Error`).
        private func packageWrites(_ operands: [ExprSyntax]) -> Bool {
            guard let texts, operands.count == 2 else { return false }
            return operands.contains { operand in
                guard let text = operand.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return false }
                return texts.writes(text)
            }
        }
    }

    /// Whether every description `expressions` read is a `description` or `debugDescription` the package (or a
    /// library it uses) declares, by the compiler's facts: a text someone wrote on purpose, which a test pins
    /// down on purpose (swift-configuration's `provider.description == "TestSnapshot"`, swift-w3c-trace-context's
    /// caret under the bad character), not a value compared through the text the standard library or
    /// Foundation makes of it (`Int`'s, `URL`'s, a struct's fields as reflection lists them). `String(describing:
    /// x)` is such a text when the compiler chose the initializer for a `CustomStringConvertible` and `x` is a
    /// concrete type outside the toolchain (``TypedType/isConcreteOutsideToolchain``); `String(reflecting:)` never
    /// is. One description known not to be is the answer, whatever the facts cannot say of the others; otherwise
    /// unknown where they cannot say (without facts, always).
    private static func ownDescriptions(_ expressions: [ExprSyntax], test: ScannedTest) -> TypedAnswer<Bool> {
        let nodes = expressions.flatMap { [Syntax($0)] + $0.descendants(of: Syntax.self) }
        let members = nodes.compactMap { $0.as(MemberAccessExprSyntax.self) }.filter {
            $0.base != nil && ["description", "debugDescription"].contains($0.declName.baseName.text)
        }
        let calls = nodes.compactMap { $0.as(FunctionCallExprSyntax.self) }.filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String"
                && ["describing", "reflecting"].contains($0.arguments.first?.label?.text)
        }
        var answers = members.map { member in
            test.ask { $0.declaration(of: ExprSyntax(member)) }.map { declaration -> Bool? in
                // The facts at the place may name another declaration (inside `#expect`, `count.description`
                // of an `Int` is found as the macro's `__requiringTry`): only a `description` property answers.
                guard declaration.usr.contains("11descriptionSS") || declaration.usr.contains("16debugDescriptionSS")
                else { return nil }
                let module = declaration.module ?? "Swift"
                return module != "Swift" && !TypedDeclaration.foundationModules.contains(module)
            }
        }
        for call in calls {
            guard call.arguments.first?.label?.text == "describing", let argument = call.arguments.first?.expression
            else {
                answers.append(.known(false))
                continue
            }
            // Among the facts that start where the call does (`String(describing: x).contains("3")` starts with
            // `contains`'s), the initializer's. The general one reflects the value (a struct's fields, an enum's
            // case name); the one for a `CustomStringConvertible` prints the text its declaration wrote.
            let initializer = test.ask { typed in
                typed.facts(startingAt: call.positionAfterSkippingLeadingTrivia.utf8Offset).lazy
                    .compactMap(typed.declaration(of:)).first { $0.usr.hasPrefix("s:SS10describing") }
            }
            switch initializer {
            case .known(let declaration) where !declaration.usr.contains("23CustomStringConvertibleRz"):
                answers.append(.known(false))
            case .known:
                answers.append(test.type(of: argument).map { type -> Bool? in type.isConcreteOutsideToolchain })
            case .unknown(let why): answers.append(.unknown(why))
            }
        }
        guard !answers.isEmpty else { return .known(false) }
        if answers.contains(where: { $0.value == false }) { return .known(false) }
        for answer in answers {
            switch answer {
            case .unknown(let why): return .unknown(why)
            case .known(nil): return .unknown(.notAtPlace)
            case .known: continue
            }
        }
        return .known(true)
    }

    /// Without the compiler's facts: whether the descriptions `expressions` read are all `description` members (no
    /// `debugDescription`, no `String(describing:)`), none of a literal or of a value made by a type the package does
    /// not declare, and the package's sources declare that member, every time, as an optional (`open var description: String?`, a GitHub status's
    /// field, nerdishbynature/octokit.swift 0.14.0): data the value holds, not `CustomStringConvertible`'s rendering,
    /// which is a `String`.
    private static func readsOptionalDescriptionField(
        _ expressions: [ExprSyntax], test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        guard let reads = descriptionReads(expressions) else { return false }
        // A literal, or a value the test makes with a type the package does not declare (`Date(…).description`), is
        // another type's description.
        let madeElsewhere = reads.contains { read in
            guard let base = read.base else { return true }
            if base.is(StringLiteralExprSyntax.self) || base.is(IntegerLiteralExprSyntax.self)
                || base.is(FloatLiteralExprSyntax.self)
            {
                return true
            }
            guard let made = madeBy(base, test: test),
                let type = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return false }
            return !sources.declaresType(type)
        }
        return !reads.isEmpty && !madeElsewhere && sources.declaresOnlyOptionalProperty("description")
    }

    /// Without the compiler's facts: whether every `x.description` among `expressions` (and no other rendering) reads a
    /// value the test decodes as a type of the package (``decodedType(_:test:)``) whose `description` the package
    /// stores as a text (``SourceFunctions/storesText(_:ofType:)``): a field of the decoded data, not a rendering
    /// (apple/app-store-server-library-swift v6.0.0's `XCTAssertEqual("description", descriptors.description)`, 11 read
    /// false on first contact).
    private static func readsStoredDescriptionField(
        _ expressions: [ExprSyntax], test: ScannedTest, sources: SourceFunctions
    ) -> Bool {
        guard let reads = descriptionReads(expressions) else { return false }
        return !reads.isEmpty
            && reads.allSatisfy { read in
                guard let type = read.base.flatMap({ decodedType($0, test: test) }) else { return false }
                return sources.storesText("description", ofType: type)
            }
    }

    /// The `x.description` members `expressions` read, when they render a value no other way (no `debugDescription`,
    /// no `String(describing:)` or other `String(…)`); `nil` when they do.
    private static func descriptionReads(_ expressions: [ExprSyntax]) -> [MemberAccessExprSyntax]? {
        let nodes = expressions.flatMap { [Syntax($0)] + $0.descendants(of: Syntax.self) }
        let members = nodes.compactMap { $0.as(MemberAccessExprSyntax.self) }.filter { $0.base != nil }
        let rendersElsewise =
            members.contains { $0.declName.baseName.text == "debugDescription" }
            || nodes.contains { node in
                node.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    == "String"
            }
        return rendersElsewise ? nil : members.filter { $0.declName.baseName.text == "description" }
    }

    /// The call that makes `expression` (under `try` or `await`), or the value of the test's binding of a name to
    /// one: `T(…)` or `T.make(…)`; `nil` for anything else.
    static func madeBy(_ expression: ExprSyntax, test: ScannedTest) -> FunctionCallExprSyntax? {
        boundValue(expression, test: test).as(FunctionCallExprSyntax.self)
    }

    /// `expression` without `try` or `await`, or, for a name, the value the test binds it to once; read through
    /// `?` and `!` (Kitura 3.0.1's `let type = MediaType("text")` then `type?.description`: the optional of the
    /// package type's failable initializer).
    static func boundValue(_ expression: ExprSyntax, test: ScannedTest) -> ExprSyntax {
        var value = expression.withoutTryOrAwait
        if let chained = value.as(OptionalChainingExprSyntax.self) { value = chained.expression }
        if let unwrapped = value.as(ForceUnwrapExprSyntax.self) { value = unwrapped.expression }
        return test.boundValue(of: value, orOnlyBinding: true)
    }

    /// `x.description`, `x.debugDescription`, `String(describing: x)`, `String(reflecting: x)`; not a method of
    /// the name (`x.debugDescription()`), not the `debugDescription` of a name in `contexts`, a Codable error's context, nor the `description` of a text or an
    /// integer (`fixed`), which is the text itself or its digits (a `String`'s `debugDescription` quotes and escapes
    /// it: a rendering).
    private static func readsDescription(
        _ expression: ExprSyntax, contexts: Set<String> = [], fixed: (ExprSyntax) -> Bool = { _ in false },
        exemptingCasts: Bool = true, exemptingTypeNames: Bool = true
    ) -> Bool {
        let nodes = [Syntax(expression)] + expression.descendants(of: Syntax.self)
        return nodes.contains { node in
            if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                let name = member.declName.baseName.text
                if name == "description", fixed(base) { return false }
                // A method (`document.debugDescription(options: [])`, swift-markdown's tree dump) is no
                // standard library's property: a rendering the package, or a library, wrote as its own API, pinned
                // down on purpose as ``ownDescriptions(_:test:)`` finds by the facts; but Foundation's are its.
                if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                    // Foundation's own: `Date.description(with: locale)`, `NSNumber.description(withLocale:)`.
                    return ["description", "debugDescription"].contains(name)
                        && ["with", "withLocale"].contains(call.arguments.first?.label?.text ?? "")
                }
                if exemptingCasts, castsToConformance(base, of: name) { return false }
                if name == "debugDescription", let reference = base.as(DeclReferenceExprSyntax.self),
                    contexts.contains(reference.baseName.text)
                {
                    return false
                }
                return ["description", "debugDescription"].contains(name)
            }
            if let call = node.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
                let argument = call.arguments.first, let label = argument.label?.text
            {
                // A type's name (`String(describing: Int.self)`, mattpolzin/JSONAPI 5.3.1's expected type names) is
                // no value's rendering; compared with another description, it is read as one (both change together).
                if exemptingTypeNames, isTypeName(argument.expression) { return false }
                return label == "describing" || label == "reflecting"
            }
            return false
        }
    }
}
