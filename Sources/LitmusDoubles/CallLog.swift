import LitmusTestReporting

/// The state one recorder keeps behind its lock: the calls and the stub. ``Member`` and
/// ``AsyncMember`` share it; they differ only in their `Handler` (a synchronous or an `async`
/// closure) and in how they finish a call outside the lock.
///
/// The arguments and the sequence numbers of the calls are kept in two arrays, so reading
/// `allArguments` copies nothing and each array stays as small as it can.
@usableFromInline
struct CallLog<Arguments, Result, Handler> {
    @usableFromInline var arguments: [Arguments] = []
    @usableFromInline var sequenceNumbers: [UInt64] = []
    @usableFromInline var stub: Stub?
    /// The stubs `given(…)` made, oldest first; the newest whose arguments match wins over ``stub``.
    @usableFromInline var matchedStubs: [MatchedStub] = []

    /// A stub for the calls whose arguments `matches` accepts. A class, so that a call reads its
    /// closure through an unretained reference (see ``matchedResolution()``): loaded from an array of
    /// structs, the closure's context was retained and released around every match.
    @usableFromInline
    final class MatchedStub {
        @usableFromInline let matches: (Arguments) -> Bool
        @usableFromInline let stub: Stub

        @usableFromInline init(matches: @escaping (Arguments) -> Bool, stub: Stub) {
            self.matches = matches
            self.stub = stub
        }
    }

    @usableFromInline
    enum Stub {
        case value(Result)
        case error(any Error)
        case handler(Handler)
    }

    /// What a call found under the lock: everything needed to finish it outside.
    @usableFromInline
    enum Resolution {
        case value(Result)
        case error(any Error)
        case handler(Handler, Arguments)
        case unstubbed
    }

    @usableFromInline init() {}

    /// Appends the call and its global sequence number and reads the stub; the caller holds the lock
    /// and numbers the call under it, so each member's numbers ascend even when threads race.
    ///
    /// This is the hot path of every double: the arguments move into the history, a stubbed
    /// value is copied out directly, and any other stub is left for the caller to finish outside
    /// the lock (a handler gets a copy of the arguments), so a handler may call the double again.
    /// Stubs made with `given(…)` are matched before the arguments move: the matchers borrow them
    /// where they are, while read from the history they were copied for each matcher (a retain and
    /// a release of each `String` among them).
    @inlinable @inline(__always)
    mutating func record(_ call: consuming Arguments, number: UInt64) -> Resolution {
        guard matchedStubs.isEmpty else {
            let resolution = matchedResolution(of: call)
            arguments.append(call)
            sequenceNumbers.append(number)
            return resolution
        }
        arguments.append(call)
        sequenceNumbers.append(number)
        if case .value(let result) = stub {
            return .value(result)
        }
        return resolutionWithoutMatch()
    }

    /// The stub of a call when stubs were made with `given(…)`: the newest one whose arguments match,
    /// else the plain stub.
    @inlinable @inline(__always)
    func matchedResolution(of call: Arguments) -> Resolution {
        var index = matchedStubs.count - 1
        // Newest first. Each stub is read through an unretained reference: the log is locked and
        // matchers cannot reach it, so none is released while a matcher runs.
        while index >= 0 {
            let matched = Unmanaged.passUnretained(matchedStubs[index])
            if matched._withUnsafeGuaranteedRef({ $0.matches(call) }) {
                // Read in place: copying the stub out to switch over it copied its enum twice.
                return matched._withUnsafeGuaranteedRef { resolution(of: $0.stub, for: call) }
            }
            index -= 1
        }
        guard let stub else { return .unstubbed }
        return resolution(of: stub, for: call)
    }

    /// The resolution `stub` gives `call`.
    @inlinable
    func resolution(of stub: Stub, for call: Arguments) -> Resolution {
        switch stub {
        case .value(let result):
            return .value(result)
        case .error(let error):
            return .error(error)
        case .handler(let handler):
            return .handler(handler, call)
        }
    }

    /// The resolution of the latest call, recorded, by the plain stub: an error, the handler with a
    /// copy of the call's arguments, or nothing stubbed. (A stubbed value returns before this, in
    /// ``record(_:number:)``.)
    @inlinable
    func resolutionWithoutMatch() -> Resolution {
        guard let stub else { return .unstubbed }
        return resolution(of: stub, for: arguments[arguments.count - 1])
    }

    var stubbedResult: Result? {
        guard case .value(let value) = stub else { return nil }
        return value
    }

    var stubbedError: (any Error)? {
        guard case .error(let error) = stub else { return nil }
        return error
    }

    var handler: Handler? {
        guard case .handler(let handler) = stub else { return nil }
        return handler
    }
}

/// What ``Member`` and ``AsyncMember`` share outside the lock: finishing a call that found no
/// stubbed value, with the same defaults and the same failure messages.
@usableFromInline
protocol StubbedRecorder: AnyObject {
    associatedtype Result
    /// The member's full name, which starts every failure message.
    var name: String { get }
    /// The double's mode and the line that made it.
    var context: DoubleContext { get }
    /// The line a test writes to stub the member, e.g. `double.fetch.stubbedResult = …`.
    var stubLine: String { get }
    /// `Type()`, for a result type the generator saw an `init()` of, or `nil`.
    var fallback: (@Sendable () -> Result)? { get }
}

extension StubbedRecorder {
    /// The outcome of a call nothing was stubbed for: a strict-mode failure, then the default or an
    /// error. A value the type offers without conforming to ``DefaultValue`` (``foundValue(of:)``) is
    /// returned too, and the call is reported as a failure naming the value and the stub to write.
    @usableFromInline
    func unstubbed<Value>(returning type: Value.Type) -> Swift.Result<Result, any Error> {
        if context.mode == .strict {
            report("was called but not stubbed (strict mode); stub it with stubbedResult, handler or stubbedError")
        }
        if let value = defaultValue(of: Value.self), let result = value as? Result {
            return .success(result)
        }
        let made = fallback.flatMap { make in
            (make() as? Value).map { (value: $0, description: "\($0), which its declaration offers") }
        }
        if let found = made ?? foundValue(of: Value.self), let result = found.value as? Result {
            if context.mode != .strict {
                report(
                    "was called but not stubbed, and \(Value.self) has no DefaultValue: it returned \(found.description); "
                        + "stub it (\(stubLine)) or conform \(Value.self) to DefaultValue")
            }
            return .success(result)
        }
        return .failure(UnstubbedCallError(member: name, resultType: "\(Value.self)"))
    }

    @usableFromInline
    func resultWithoutStub(after error: any Error) -> Result {
        valueWithoutStub(of: Result.self, after: error)
    }

    /// The result of a typed-throws member whose stub threw an error of another type: a failure
    /// naming both, then the default result.
    @usableFromInline
    func result<Failure: Error>(afterForeign error: any Error, failure: Failure.Type) -> Result {
        report("threw \(error), which is not a \(Failure.self) as the member declares; stub a \(Failure.self)")
        return resultWithoutStub(after: error)
    }

    @usableFromInline
    func valueWithoutStub<Value>(of type: Value.Type, after error: any Error) -> Value {
        let unstubbed = error is UnstubbedCallError
        if let value = defaultValue(of: type) ?? (unstubbed ? nil : foundValue(of: type)?.value) {
            if !unstubbed {
                report("cannot throw, but its handler or stubbedError threw \(error); it returned the default instead")
            }
            return value
        }
        // Nothing to return: one failure, then the stop, each saying what to stub.
        let problem =
            unstubbed
            ? "was called but not stubbed, and \(Value.self) has no value a double can make up: stub it before the "
                + "call (\(stubLine), or a handler), or conform \(Value.self) to DefaultValue"
            : "cannot throw \(error), and \(Value.self) has no default to return instead; stub a value (\(stubLine))"
        report(problem)
        fatalError(UnstubbedStop.message(member: name, problem: problem))
    }

    /// The stubbed result of a generic member as the `Value` this call returns. A stub of another
    /// type is a failure naming both types; the call then returns `Value`'s default, and only a
    /// `Value` without one stops the test process, since a non-throwing call has nothing else to
    /// return.
    @usableFromInline
    func cast<Value>(_ result: Result, to type: Value.Type) -> Value {
        if let value = result as? Value {
            return value
        }
        let mismatch = StubTypeMismatchError(
            member: name, stubbed: "\(result) (a \(Swift.type(of: result as Any)))", expectedType: "\(Value.self)")
        if let value = defaultValue(of: type) ?? foundValue(of: type)?.value {
            report(mismatch.problem + "; it returned the default instead")
            return value
        }
        report(mismatch.problem)
        fatalError(mismatch.description)
    }

    /// The stubbed result of a throwing generic member as `Value`: a stub of another type is a
    /// failure naming both types, and the call throws ``StubTypeMismatchError``.
    @usableFromInline
    func castThrowing<Value>(_ result: Result, to type: Value.Type) throws -> Value {
        if let value = result as? Value {
            return value
        }
        let mismatch = StubTypeMismatchError(
            member: name, stubbed: "\(result) (a \(Swift.type(of: result as Any)))", expectedType: "\(Value.self)")
        report(mismatch.problem)
        throw mismatch
    }

    func report(_ problem: String) {
        reportFailure("\(name) \(problem)", at: context.location)
    }
}

/// The last words of a call that cannot go on: the process stops, and the test log may show only this
/// line, so it names the member, what to stub and the running test (Swift Testing's; XCTest does not
/// say which of its tests runs).
@usableFromInline
enum UnstubbedStop {
    @usableFromInline
    static func message(member: String, problem: String) -> String {
        let test = TestReporter.currentTest.map { " (in the test \"\($0.displayName)\")" } ?? ""
        return "\(member) \(problem)\(test)"
    }
}
