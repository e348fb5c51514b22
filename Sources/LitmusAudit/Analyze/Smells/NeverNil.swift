import SwiftSyntax

/// Optionals the standard library, Foundation and SwiftNIO never leave `nil` in the shapes read here, whatever the
/// package under test does, so a force unwrap of one cannot trap:
/// - `HTTPURLResponse(url:statusCode:httpVersion:headerFields:)`, failable by its declaration only:
///   swift-corelibs-foundation has no path that returns `nil`, and a test builds a stub's response with it
///   (mattt/EventSource 1.1.1 unwraps 12);
/// - `String(data: d, encoding: .utf8)` of what `JSONEncoder` encoded (`d` the call, or the `let` in scope
///   bound to it): JSONEncoder writes UTF-8 whatever the value's `encode(to:)` does; of a string's UTF-8
///   (`s.data(using: .utf8)!`, `Data(s.utf8)`, bound in scope or by the file's top-level `let`); or of what a
///   function of the package returns when every function of its name there does the same (``UTF8Text``);
/// - a continuation a test takes out of a stream's build closure (`var c: AsyncStream<T>.Continuation!`,
///   `AsyncStream { c = $0 }`, then `c!`): `AsyncStream` and `AsyncThrowingStream` call that closure before
///   their initializer returns, so every later statement finds it set;
/// - the base address of a buffer that is not empty: `$0` of `withUnsafeBufferPointer` (or `…Bytes`,
///   `…Mutable…`) of a non-empty array literal (or a sum with one: `"/tmp".utf8 + [0]`), or of the test's one
///   `let` bound to one, and a buffer the test allocates with a positive literal size
///   (`UnsafeMutableRawBufferPointer.allocate(byteCount: 64, …)`, `withUnsafeTemporaryAllocation(byteCount: 64,
///   alignment: 16) { $0 … }`); and of a buffer lent on storage that always has an address, empty or not
///   (``lendsStorage(_:test:)``: `withUnsafeBytes(of: &value)`, a SwiftNIO `ByteBuffer`'s own);
/// - the first or last character of a string the test wrote, given to a closure by a method of its array
///   literal that takes only closures (`["Apple", "Banana"].keyed(by: { $0.first! })`), or by an
///   `EmptyCollection`, which never calls it;
/// - the value of a key written in a dictionary literal bound to a `let` of the test or of its file
///   (`x5cCerts[.es256]!` of `let x5cCerts: [JWK.Algorithm: [String]] = [.es256: […], …]`, vapor/jwt-kit
///   5.8.0): a constant that holds that key;
/// - an element a non-empty literal gives (`"abc".randomElement()`, `[1, 2].max()`, `"X".utf8.first`,
///   `[1, 2].last`), and an end of a collection an earlier clause of the same condition found not empty
///   (``isGuardedEnd(_:)``);
/// - a fixed formatter's date of a literal that parses (``FixedDateFormat``);
/// - a fixed time zone or calendar: `TimeZone(secondsFromGMT:)` of integer literals within Foundation's
///   ±18 hours, `TimeZone(identifier:)` or `TimeZone(abbreviation:)` of `"GMT"` or `"UTC"`, and
///   `NSCalendar(calendarIdentifier:)` of one of the identifiers Foundation names (`.gregorian`)
///   (pointfreeco/swift-custom-dump 1.7.3's date tests);
/// - a component of a date a calendar was asked for (`c.second!` of `let c = calendar.dateComponents([.second],
///   from: date)`);
/// - a read of exactly the readable bytes of a SwiftNIO `ByteBuffer` (``ReadableBytes``); the process's own current
///   directory as swift-tools-support-core reports it (``isProcessDirectory(_:sources:)``);
/// - a Unicode scalar of an integer the test fixes, or walks in a range of valid scalars (``isValidScalar(_:test:)``);
/// - a weak capture in a closure its own object is given (``isWeakCaptureOfCaller(_:)``), and the element of an
///   RxTest `.next` event the test wrote (``isRecordedNextElement(_:test:)``).
///
/// The compiler's facts confirm the declaration is the library's where they are known (a package may
/// declare an `HTTPURLResponse` or a `JSONEncoder` of its own); without them the names decide.
enum NeverNil {
    /// Whether unwrapping `expression` in `test` cannot trap by one of the shapes above.
    static func holds(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions? = nil) -> Bool {
        if isCheckedNotNil(expression) { return true }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return isStubResponse(call, test: test) || isEncodedText(call, test: test, sources: sources)
                || isFixedZoneOrCalendar(call, test: test, sources: sources)
                || isElementOfWrittenLiteral(call, test: test)
                || FixedDateFormat.cannotFail(call, test: test) || ReadableBytes.readsAll(call, test: test)
                || isValidScalar(call, test: test)
        }
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            if let value = test.letValue(of: name.baseName.text, at: Syntax(name)),
                !value.is(DeclReferenceExprSyntax.self),
                holds(value.withoutTryOrAwait, test: test, sources: sources)
            {
                return true
            }
            return isStreamContinuation(name, test: test) || isWeakCaptureOfCaller(name, test: test)
        }
        if let lookup = expression.as(SubscriptCallExprSyntax.self) {
            return isWrittenKey(lookup, test: test)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "baseAddress",
            let base = member.base
        {
            return isNonEmptyBuffer(base, test: test)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "localAddress",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        {
            // A package that implements channels (swift-nio-transport-services' listeners) is under test there.
            guard let sources, !sources.declaresProperty("localAddress") else { return false }
            return isOpenChannel(base, test: test)
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
            isRequestedComponent(member, test: test) || isProcessDirectory(member, sources: sources)
        {
            return true
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            return isEndOfWrittenLiteral(member, test: test) || isRecordedNextElement(member, test: test)
                || isGuardedEnd(member) || isGivenURL(member, test: test, sources: sources)
                || isLiteralURLPart(member, test: test)
        }
        return false
    }

    /// `HTTPURLResponse(url:statusCode:httpVersion:headerFields:)`.
    private static func isStubResponse(_ call: FunctionCallExprSyntax, test: ScannedTest) -> Bool {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "HTTPURLResponse",
            call.arguments.map({ $0.label?.text ?? "_" }) == ["url", "statusCode", "httpVersion", "headerFields"]
        else { return false }
        return FailableLiteral.isLibrary(call, test: test)
    }

    /// `TimeZone(secondsFromGMT: 3600)` (integer literals, `5 * 3600` too, within ±18 hours),
    /// `TimeZone(identifier: "UTC")` or `TimeZone(abbreviation: "GMT")`, `NSCalendar(calendarIdentifier: .gregorian)`.
    /// Written `.init(secondsFromGMT: 0)` too, where a `TimeZone` is expected (hummingbird-project/swift-jobs 1.3.1's
    /// schedules): `TimeZone`'s by the compiler's facts, or without them by the label when the package declares no
    /// initializer of that label.
    private static func isFixedZoneOrCalendar(
        _ call: FunctionCallExprSyntax, test: ScannedTest, sources: SourceFunctions?
    ) -> Bool {
        guard call.arguments.count == 1, let argument = call.arguments.first, let label = argument.label?.text,
            let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? implicitTimeZone(call, label: label, test: test, sources: sources)
        else { return false }
        let value = argument.expression
        let fixed: Bool
        switch (type, label) {
        case ("TimeZone", "secondsFromGMT"):
            guard let seconds = FloatComparison.rational(value), seconds.denominator == 1 else { return false }
            fixed = seconds.numerator.magnitude <= 18 * 3600
        case ("TimeZone", "identifier"), ("TimeZone", "abbreviation"):
            let text = value.as(StringLiteralExprSyntax.self).flatMap(EqualityShapeDetector.plainText)
            fixed = text == "UTC" || text == "GMT"
        case ("NSCalendar", "calendarIdentifier"):
            guard let member = value.as(MemberAccessExprSyntax.self) else { return false }
            let base = member.base?.trimmedDescription
            fixed =
                (base == nil || base == "NSCalendar.Identifier" || base == "Calendar.Identifier")
                && calendarIdentifiers.contains(member.declName.baseName.text)
        default:
            return false
        }
        return fixed && FailableLiteral.isLibrary(call, test: test)
    }

    /// `"TimeZone"` when `call` is `.init(label: …)` of Foundation's `TimeZone`: by the compiler's facts, or without
    /// them for the label `secondsFromGMT`, which no other initializer of Foundation or the standard library has,
    /// when the package's sources declare no initializer of it.
    private static func implicitTimeZone(
        _ call: FunctionCallExprSyntax, label: String, test: ScannedTest, sources: SourceFunctions?
    ) -> String? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init"
        else { return nil }
        switch test.declaration(calledBy: call) {
        case .known(let declaration):
            return TypedDeclaration.foundationModules.contains(declaration.module ?? "")
                && declaration.usr.contains("8TimeZoneV") ? "TimeZone" : nil
        case .unknown:
            guard label == "secondsFromGMT", sources?.declaresInitializer(label: label) != true else { return nil }
            return "TimeZone"
        }
    }

    /// The components of a date `Calendar.dateComponents(_:from:)` fills when asked.
    private static let dateComponents: Set<String> = [
        "era", "year", "month", "day", "hour", "minute", "second", "nanosecond", "weekday", "weekdayOrdinal", "quarter",
        "weekOfMonth", "weekOfYear", "yearForWeekOfYear",
    ]

    /// Whether `member` reads a component a calendar was asked for: `c.second` of the test's `let c =
    /// calendar.dateComponents([.hour, .minute, .second], from: date)`, or of that call itself. Foundation sets every
    /// component it is asked for (hummingbird-project/swift-jobs 1.3.1's schedule tests). Not one it was not asked
    /// for, nor of components the test makes or changes (`DateComponents(hour: 1)`, a `var`).
    private static func isRequestedComponent(_ member: MemberAccessExprSyntax, test: ScannedTest) -> Bool {
        let component = member.declName.baseName.text
        guard dateComponents.contains(component), let base = member.base else { return false }
        let made =
            base.as(DeclReferenceExprSyntax.self).flatMap { test.letValue(of: $0.baseName.text, at: Syntax(member)) }
            ?? base
        guard let call = made.as(FunctionCallExprSyntax.self),
            let called = call.calledExpression.as(MemberAccessExprSyntax.self),
            called.declName.baseName.text == "dateComponents", call.arguments.count == 2,
            call.arguments.first?.label == nil, call.arguments.last?.label?.text == "from",
            let asked = call.arguments.first?.expression.as(ArrayExprSyntax.self),
            FailableLiteral.isLibrary(call, test: test)
        else { return false }
        return asked.elements.contains { element in
            guard let named = element.expression.as(MemberAccessExprSyntax.self) else { return false }
            let base = named.base?.trimmedDescription
            return (base == nil || base == "Calendar.Component") && named.declName.baseName.text == component
        }
    }

    /// The calendar identifiers Foundation names (`NSCalendar.Identifier`), each of a calendar it has.
    private static let calendarIdentifiers: Set<String> = [
        "gregorian", "buddhist", "chinese", "coptic", "ethiopicAmeteMihret", "ethiopicAmeteAlem", "hebrew",
        "ISO8601", "iso8601", "indian", "islamic", "islamicCivil", "japanese", "persian", "republicOfChina",
        "islamicTabular", "islamicUmmAlQura",
    ]

    /// `String(data: d, encoding: .utf8)` (or `String(bytes: d, encoding: .utf8)`) with `d` JSONEncoder's output,
    /// or what a function of the package returns that makes its `Data` of a string's UTF-8 (``UTF8Text``).
    private static func isEncodedText(_ call: FunctionCallExprSyntax, test: ScannedTest, sources: SourceFunctions?)
        -> Bool
    {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            [["data", "encoding"], ["bytes", "encoding"]].contains(call.arguments.map({ $0.label?.text ?? "_" })),
            let data = call.arguments.first?.expression, let encoding = call.arguments.last?.expression,
            UTF8Text.isUTF8(encoding), FailableLiteral.isLibrary(call, test: test)
        else { return false }
        var value = data
        if let name = data.as(DeclReferenceExprSyntax.self) {
            if let mapped = mappedValue(of: name, test: test) {
                return isJSONEncoding(mapped, test: test, sources: sources)
            }
            guard
                let bound = test.letValue(of: name.baseName.text, at: Syntax(name))
                    ?? fileLetValue(of: name, test: test)
            else { return false }
            value = bound
        }
        return UTF8Text.isStringUTF8(value) || isJSONEncoding(value, test: test, sources: sources)
            || isPackageText(value, test: test, sources: sources)
    }

    /// What `name` is an element of when it is `$0` of a closure given alone to `x.map` (`encodedData.map { String(data:
    /// $0, encoding: .utf8)! }`) and `x` the test's `let` in scope: that `let`'s value, a `try?` peeled (the data an
    /// optional holds, GottaGetSwifty/CodableWrappers 3.1.0's `let encodedData = try? self.jsonEncoder.encode(model)`).
    /// `nil` for any other name.
    private static func mappedValue(of name: DeclReferenceExprSyntax, test: ScannedTest) -> ExprSyntax? {
        guard name.baseName.text == "$0",
            let closure = name.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }),
            closure.signature == nil, let call = closure.parent?.as(FunctionCallExprSyntax.self),
            call.trailingClosure?.id == closure.id, call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "map",
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            let value = test.letValue(of: base.baseName.text, at: Syntax(base))
        else { return nil }
        return value.as(TryExprSyntax.self).map(\.expression) ?? value
    }

    /// The value of a `let` the test's file declares once at its top level (a fixture's XML written as
    /// `let xml = """…""".data(using: .utf8)!`).
    static func fileLetValue(of name: DeclReferenceExprSyntax, test: ScannedTest) -> ExprSyntax? {
        let text = name.baseName.text
        let lets = test.fileDeclarations(binding: text).filter { $0.bindingSpecifier.tokenKind == .keyword(.let) }
        guard lets.count == 1, !test.bindsLocally(text) else { return nil }
        return lets.first?.bindings.first {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == text
        }?.initializer?.value
    }

    /// A call of a function the package declares, every one of that name returning a string's UTF-8; not one
    /// the compiler resolves to Foundation (whose encoders are judged above).
    private static func isPackageText(_ value: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let sources, let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let name = CallCollector.calledName(call.calledExpression)
        else { return false }
        if case .known(let declaration) = test.declaration(calledBy: call),
            TypedDeclaration.foundationModules.contains(declaration.module ?? "") || declaration.isStandardLibrary
        {
            return false
        }
        return sources.returnsUTF8Text(name)
    }

    /// `try JSONEncoder().encode(x)`, or `encoder.encode(x)` of a name the test binds once, with `let`, to
    /// `JSONEncoder()`, or of a property (`self.jsonEncoder`, `Self.jsonEncoder`, `jsonEncoder`) every declaration of
    /// which in the package's and its tests' files is written `JSONEncoder` (``SourceFunctions/declaresOnlyProperty(_:ofType:)``).
    private static func isJSONEncoding(_ expression: ExprSyntax, test: ScannedTest, sources: SourceFunctions?) -> Bool {
        guard let call = expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "encode", let base = member.base
        else { return false }
        if case .known(let declaration) = test.declaration(calledBy: call) {
            return TypedDeclaration.foundationModules.contains(declaration.module ?? "")
                && declaration.usr.contains("11JSONEncoder")
        }
        let encoder = base.as(DeclReferenceExprSyntax.self).flatMap { test.onlyLetValue(of: $0.baseName.text) }
        if [base, encoder].contains(where: { $0?.trimmedDescription == "JSONEncoder()" }) { return true }
        // A property read on `self` or `Self`, or by its bare name where the test binds no local of it.
        let property: String?
        if let read = base.as(MemberAccessExprSyntax.self), ["self", "Self"].contains(read.base?.trimmedDescription) {
            property = read.declName.baseName.text
        } else if let bare = base.as(DeclReferenceExprSyntax.self), !test.bindsLocally(bare.baseName.text) {
            property = bare.baseName.text
        } else {
            property = nil
        }
        guard let property, let sources else { return false }
        return sources.declaresOnlyProperty(property, ofType: "JSONEncoder")
    }

    /// Whether `name` is a continuation every assignment of which, in the test, is in the build closure of
    /// an `AsyncStream` or `AsyncThrowingStream` initializer whose statement runs, unconditionally, before the
    /// unwrap in a block that holds it.
    private static func isStreamContinuation(_ name: DeclReferenceExprSyntax, test: ScannedTest) -> Bool {
        let text = name.baseName.text
        var assignedInStream = false
        for sequence in test.all(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == text
            else { continue }
            guard let stream = streamInitializer(around: Syntax(sequence)),
                stream.endPosition <= name.position, runsBefore(stream, name)
            else { return false }
            assignedInStream = true
        }
        let passedInOut = test.all(InOutExprSyntax.self).contains { $0.expression.trimmedDescription == text }
        return assignedInStream && !passedInOut
    }

    /// Whether `call`'s statement runs, unconditionally, in a block that holds `node`: not under an `if`, a
    /// loop or a closure (a `Task { … }`) that `node` is outside of.
    private static func runsBefore(_ call: FunctionCallExprSyntax, _ node: DeclReferenceExprSyntax) -> Bool {
        var current = call.parent
        while let syntax = current {
            if let list = syntax.as(CodeBlockItemListSyntax.self), RequiredBefore.isInside(Syntax(node), syntax) {
                return RequiredBefore.isUnconditional(Syntax(call), in: Syntax(list))
            }
            current = syntax.parent
        }
        return false
    }

    /// The `AsyncStream(…) { … }` call whose closure `node` is in, if that is the nearest closure around it.
    private static func streamInitializer(around node: Syntax) -> FunctionCallExprSyntax? {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                guard let call = closure.hostCall else { return nil }
                let called = call.calledExpression.trimmedDescription
                let type = called.hasSuffix(".init") ? String(called.dropLast(5)) : called
                let streams = ["AsyncStream", "AsyncThrowingStream"]
                return streams.contains { type == $0 || type.hasPrefix("\($0)<") } ? call : nil
            }
            current = syntax.parent
        }
        return nil
    }

    /// The calls that lend a closure a buffer of a collection's elements or bytes.
    static let bufferCalls: Set<String> = [
        "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafeBytes", "withUnsafeMutableBytes",
    ]

    /// Whether `base` is a buffer that is not empty: a closure parameter of a buffer call on a non-empty array
    /// literal (or the test's one `let` bound to one, or a name bound once to an array of repeated values,
    /// ``isRepeatedArray(_:test:)``), or a name the test binds once to a buffer it allocates with a positive
    /// literal size.
    private static func isNonEmptyBuffer(_ base: ExprSyntax, test: ScannedTest) -> Bool {
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        if let value = test.onlyBinding(of: name) {
            return isPositiveAllocation(value)
        }
        if let call = temporaryAllocation(lending: name, around: Syntax(base)) {
            return call.arguments.first { ["capacity", "byteCount"].contains($0.label?.text ?? "") }.map {
                isPositiveLiteral($0.expression)
            } ?? false
        }
        if let call = storageLending(name, around: Syntax(base)), lendsStorage(call, test: test) { return true }
        guard let call = bufferCall(lending: name, around: Syntax(base)),
            let collection = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return false }
        if isNonEmptyArray(collection) { return true }
        guard let reference = collection.as(DeclReferenceExprSyntax.self) else { return false }
        return test.onlyLetValue(of: reference.baseName.text).map(isNonEmptyArray) == true
            || isRepeatedArray(reference, test: test)
    }

    /// `Unsafe…BufferPointer….allocate(capacity: N)` or `(byteCount: N, alignment: …)` with `N` a positive
    /// integer literal.
    private static func isPositiveAllocation(_ value: ExprSyntax) -> Bool {
        guard let call = value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "allocate",
            member.base?.trimmedDescription.hasPrefix("Unsafe") == true,
            let size = call.arguments.first, ["capacity", "byteCount"].contains(size.label?.text ?? "")
        else { return false }
        return isPositiveLiteral(size.expression)
    }

    /// Whether `expression` is an integer literal above zero.
    static func isPositiveLiteral(_ expression: ExprSyntax) -> Bool {
        guard let literal = expression.as(IntegerLiteralExprSyntax.self),
            let count = Int(literal.literal.text.replacingOccurrences(of: "_", with: ""))
        else { return false }
        return count > 0
    }

    /// The `withUnsafeTemporaryAllocation(byteCount:alignment:)` or `(of:capacity:)` call whose closure's parameter
    /// (or `$0`) is `name`: the buffer it lends holds the size it was given (ordo-one/malloc-interposer 1.6.1).
    private static func temporaryAllocation(lending name: String, around node: Syntax) -> FunctionCallExprSyntax? {
        guard let closure = closure(taking: name, around: node), let call = closure.hostCall,
            CallCollector.calledName(call.calledExpression) == "withUnsafeTemporaryAllocation"
        else { return nil }
        return call
    }

    /// The buffer call (`xs.withUnsafeBufferPointer { … }`) whose closure's parameter (or `$0`) is `name`.
    private static func bufferCall(lending name: String, around node: Syntax) -> FunctionCallExprSyntax? {
        guard let closure = closure(taking: name, around: node), let call = closure.hostCall,
            let called = CallCollector.calledName(call.calledExpression), bufferCalls.contains(called),
            call.arguments.isEmpty
        else { return nil }
        return call
    }
}
