import SwiftSyntax

/// What an assignment gives a property of a test's type (``AssignedAtSetUp``) or a local (``JustAssigned``): a value,
/// or what may be `nil`.
extension AssignedAtSetUp {
    /// Whether `value`, assigned to a property or variable declared of the type `declared` (optional), is never `nil`. The compiler's type of it
    /// decides where the test's file has facts (`self.channel = EmbeddedChannel()`, `self.buffer =
    /// channel.allocator.buffer(capacity: 128)`: not optional; `Int(text)`: optional), whatever declares it.
    /// Without facts: a call of the package's own function with a plain result (``isNonOptionalCall(_:sources:)``),
    /// an initializer of the property's type the package declares with no failable one
    /// (``isInitializer(_:of:sources:)``), or one with no argument of a type it does not declare (`EmbeddedChannel()`,
    /// `JSONEncoder()`: no library declares an `init?()` a test would call so).
    static func givesValue(_ value: ExprSyntax, declared: String?, test: ScannedTest, sources: SourceFunctions) -> Bool
    {
        if let made = test.type(of: value).value { return !made.isOptional }
        return givesValue(value, declared: declared, sources: sources)
    }

    /// A literal of a collection, a text, a number or a Boolean: a value, never `nil` (not `nil` itself).
    static func isValueLiteral(_ value: ExprSyntax) -> Bool {
        value.is(ArrayExprSyntax.self) || value.is(DictionaryExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
            || value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self)
            || value.is(BooleanLiteralExprSyntax.self)
    }

    /// ``givesValue(_:declared:test:sources:)`` without the compiler's facts: for a value in another file than the
    /// test's (a superclass's `setUp`), whose places the test file's facts do not hold.
    static func givesValue(_ value: ExprSyntax, declared: String?, sources: SourceFunctions) -> Bool {
        isNonOptionalCall(value, sources: sources) || isImplicitStaticCall(value, of: declared, sources: sources)
            || isInitializer(value, of: declared, sources: sources)
            || isPlainLibraryInitializer(value, of: declared, sources: sources) || isMadeMember(value, sources: sources)
            || isStaticValue(value, sources: sources) || isNeverFailingLibraryInitializer(value, sources: sources)
    }

    /// Types of the libraries tests set up with, none of whose initializers is failable: SwiftNIO's event loops, their
    /// groups, test channels, thread pool and allocator, swift-log's `Logger`, AsyncHTTPClient's `HTTPClient`,
    /// Foundation's coders, locks and queues. Made with any arguments (under `try`, not `try?`), each is a value.
    static let neverFailingLibraryTypes: Set<String> = [
        "MultiThreadedEventLoopGroup", "EmbeddedEventLoop", "EmbeddedChannel", "NIOAsyncTestingEventLoop",
        "NIOAsyncTestingChannel", "NIOThreadPool", "ByteBufferAllocator", "Logger", "HTTPClient", "JSONEncoder",
        "JSONDecoder", "PropertyListEncoder", "PropertyListDecoder", "DispatchQueue", "DispatchGroup",
        "DispatchSemaphore", "NSLock", "NSRecursiveLock", "NSCondition", "OperationQueue",
    ]

    /// The modules that define ``neverFailingLibraryTypes``, by which a call may qualify one (`NIOPosix.
    /// MultiThreadedEventLoopGroup(…)`).
    private static let libraryModules: Set<String> = [
        "NIO", "NIOCore", "NIOPosix", "NIOEmbedded", "Logging", "AsyncHTTPClient", "Foundation", "Dispatch",
    ]

    /// `T(…)` (or `Module.T(…)`, the module one of ``libraryModules``) of one of ``neverFailingLibraryTypes`` that the
    /// package's files neither declare (nor alias) nor give a failable initializer in an extension:
    /// apple/swift-tools-support-async 0.18.0's setUp, `self.group = MultiThreadedEventLoopGroup(numberOfThreads: 3)`
    /// and `self.logger = Logger(label: "test", factory: …)` (their unwraps read false on first contact).
    private static func isNeverFailingLibraryInitializer(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        guard let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self) else { return false }
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let module = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, libraryModules.contains(module)
        {
            name = member.declName.baseName.text
        } else {
            return false
        }
        return neverFailingLibraryTypes.contains(name) && !sources.declaresTypeOrAlias(name)
            && !sources.declaresFailableInitializer(of: name)
    }

    /// `T.member`, a static property the package or its tests declare on a type `T` with a written type that is not
    /// optional (``SourceFunctions/declaresOnlyNonOptionalStatic(_:in:)``): hkellaway/Gloss 3.2.1's set-up assigns
    /// `testJSON = TestModel.testJSON`, a computed `JSON` (with the
    /// `#if SWIFT_PACKAGE` clauses, 70 of its findings read false or wrong-cause on first contact gone).
    private static func isStaticValue(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        guard let member = value.as(MemberAccessExprSyntax.self),
            let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, owner.first?.isUppercase == true
        else { return false }
        return sources.declaresOnlyNonOptionalStatic(member.declName.baseName.text, in: owner)
    }

    /// `made.member`, where `made` is the `let` Swift's scopes give the name there (``ScannedTest/
    /// nearestLetValue(of:at:)``), bound to a call of a static function of a type the package declares, whose overloads
    /// all return one type of the package (``SourceFunctions/staticResultType(of:in:)``) that declares `member` only with
    /// a written type that is not optional: swift-nio 2.101.3's `setUp` sets `self.writer = newWriter.writer` after `let
    /// newWriter = NIOAsyncWriter.makeWriter(…)`, whose `NewWriter` declares `public let writer: NIOAsyncWriter` (19
    /// unwraps of `writer!` read false). Not a `var` (assigned again), an optional chain, nor a member some declaration
    /// of the type writes optional.
    private static func isMadeMember(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        guard let member = value.as(MemberAccessExprSyntax.self),
            let name = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let call = ScannedTest.nearestLetValue(of: name, at: Syntax(value))?.withoutTryOrAwait
                .as(FunctionCallExprSyntax.self),
            Syntax(call).descendants(of: OptionalChainingExprSyntax.self).isEmpty,
            let called = call.calledExpression.as(MemberAccessExprSyntax.self), let base = called.base
        else { return false }
        let ownerExpression = base.as(GenericSpecializationExprSyntax.self)?.expression ?? base
        guard let owner = ownerExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            owner.first?.isUppercase == true,
            let type = sources.staticResultType(of: called.declName.baseName.text, in: owner)
        else { return false }
        return sources.declaresOnlyNonOptionalProperty(member.declName.baseName.text, ofType: type)
    }

    /// `T()` or `.init()` making `declared`, a type the package's sources do not declare.
    private static func isPlainLibraryInitializer(_ value: ExprSyntax, of declared: String?, sources: SourceFunctions)
        -> Bool
    {
        guard let declared, !sources.declaresType(declared),
            let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil
        else { return false }
        return call.initializedTypeName(implicit: declared) == declared
    }

    /// A call (under `try`, `try!` or `await`) of a function the sources declare with a result that is not
    /// optional, on a type the sources declare (`XMLHash.parse(…)`, `XMLHash.config { … }.parse(…)`) or
    /// a function of their own (`parse(…)`); not a type's initializer, nor through an optional chain.
    private static func isNonOptionalCall(_ value: ExprSyntax, sources: SourceFunctions) -> Bool {
        guard let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            Syntax(call).descendants(of: OptionalChainingExprSyntax.self).isEmpty
        else { return false }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isLowercase == true && sources.returnsNonOptional(name)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let root = receiverRoot(member), sources.declaresType(root)
        else { return false }
        // A static function of the type itself (`Application.make(.testing)`): that type's functions of the name.
        if let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return sources.returnsNonOptional(member.declName.baseName.text, of: owner)
        }
        return sources.returnsNonOptional(member.declName.baseName.text)
    }

    /// `.member(…)` of the `declared` type, a static function the package gives it, every one of the name with a plain
    /// result (AsyncNinja 1.4.0's `var futureValue: Future<Int>? = .succeeded(fixtureResult)`, whose `static func
    /// succeeded(_:) -> Future<Success>` makes a value): the type's own function, as `T.member(…)` is.
    private static func isImplicitStaticCall(_ value: ExprSyntax, of declared: String?, sources: SourceFunctions)
        -> Bool
    {
        guard let declared, sources.declaresType(declared),
            let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text != "init",
            Syntax(call).descendants(of: OptionalChainingExprSyntax.self).isEmpty
        else { return false }
        return sources.returnsNonOptional(member.declName.baseName.text, of: declared)
    }

    /// Whether `value` makes a `declared` (`.init(role: .server)`, `HTTP2ConnectionStateMachine(role: .server)`)
    /// of a type the sources declare with no failable initializer: a value, never `nil` (apple/swift-nio-http2
    /// 1.46.0's state machine tests set theirs in `setUp` so, 31 unwraps).
    private static func isInitializer(_ value: ExprSyntax, of declared: String?, sources: SourceFunctions) -> Bool {
        guard let declared, let call = value.withoutTryOrAwait.as(FunctionCallExprSyntax.self),
            Syntax(call).descendants(of: OptionalChainingExprSyntax.self).isEmpty
        else { return false }
        return call.initializedTypeName(implicit: declared) == declared && sources.initializesOnlyValues(declared)
    }

    /// The type a chain of calls starts from: `XMLHash` of `XMLHash.config { … }.parse(…)`; `nil` when it
    /// starts from a value (`items.first(where:)`).
    private static func receiverRoot(_ member: MemberAccessExprSyntax) -> String? {
        var base = member.base
        while let current = base {
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.first?.isUppercase == true ? name : nil
            }
            if let call = current.as(FunctionCallExprSyntax.self) {
                base = call.calledExpression
            } else if let access = current.as(MemberAccessExprSyntax.self) {
                base = access.base
            } else {
                return nil
            }
        }
        return nil
    }
}
