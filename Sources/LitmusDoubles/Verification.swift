import LitmusTestReporting

/// Anything that records calls with global sequence numbers: every ``Member`` and ``AsyncMember`` of
/// every double.
public protocol CallRecording: Sendable {
    /// The member's full name, used in failure messages.
    var name: String { get }
    /// The global sequence numbers of the calls, oldest first; they order calls across doubles.
    var callSequenceNumbers: [UInt64] { get }
}

/// The API every recorder of a generated double shares, ``Member`` (synchronous members) and
/// ``AsyncMember`` (`async` ones): the spy's record, the stub, and verification. Only the
/// `handler` differs between them, being synchronous or `async`.
public protocol RecordingMember<Arguments, Result>: AnyObject, CallRecording {
    /// The recorded arguments of one call: a labelled tuple, one value, or `Void`.
    associatedtype Arguments
    /// What a call returns.
    associatedtype Result
    /// How many times the member was called.
    var callCount: Int { get }
    /// The arguments of the latest call, or `nil` before the first.
    var lastArguments: Arguments? { get }
    /// The arguments of every call, oldest first.
    var allArguments: [Arguments] { get }
    /// The value every call returns; setting it replaces a stubbed error or handler.
    var stubbedResult: Result? { get set }
    /// The error every call throws (throwing members only); setting it replaces a result or handler.
    var stubbedError: (any Error)? { get set }
    /// Forgets the calls and the stub.
    func reset()
}

extension RecordingMember {
    /// Whether the member was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// Stubs every call to return `result`; the same as setting ``stubbedResult``.
    public func stub(_ result: Result) {
        stubbedResult = result
    }

    /// Fails the test unless the member was called exactly `expected` times.
    public func verify(
        calledTimes expected: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let actual = callCount
        guard actual != expected else { return }
        reportFailure(
            "expected \(name) to be called \(times(expected)), it was called \(times(actual))",
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Fails the test unless the member was called at least once.
    public func verifyCalled(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard !wasCalled else { return }
        reportFailure(
            "expected \(name) to be called, it was never called",
            at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Fails the test if the member was called.
    public func verifyNeverCalled(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        verify(calledTimes: 0, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension RecordingMember where Result == Void {
    /// Expects calls of a member returning nothing: in strict mode they are no longer failures.
    public func stub() {
        stubbedResult = ()
    }
}

/// Fails the test unless `members` were first called in this order, across one or several doubles:
/// some call of each comes after some call of the one before it.
///
/// ```swift
/// verifyCallOrder(worker.double.fetchMovies, presenter.double.presentFetchedMovies)
/// ```
public func verifyCallOrder(
    _ members: any CallRecording...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    var previous: UInt64?
    for member in members {
        let next = member.callSequenceNumbers.first { previous == nil || $0 > previous! }
        guard let next else {
            let expected = members.map(\.name).joined(separator: ", then ")
            let actual = members.flatMap { member in member.callSequenceNumbers.map { ($0, member.name) } }
                .sorted { $0.0 < $1.0 }.map(\.1)
            let got = actual.isEmpty ? "no calls" : actual.joined(separator: ", then ")
            reportFailure(
                "expected calls in order: \(expected); got: \(got)",
                at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        previous = next
    }
}

/// The thrown error of an unstubbed call whose result type has no default (see ``DefaultValue``).
public struct UnstubbedCallError: Error, CustomStringConvertible {
    /// The member's full name.
    public let member: String
    /// The type the member returns.
    public let resultType: String

    /// Names the member and the fix.
    public var description: String {
        "\(member) was called but not stubbed, and \(resultType) has no default: stub it with stubbedResult, "
            + "handler or stubbedError, or conform \(resultType) to DefaultValue"
    }
}

/// What a double's `init(from:)` (a protocol inheriting `Decodable`) throws when no test stubbed it:
/// a double holds nothing to decode, so decoding one fails unless the test says what it does.
public struct UnstubbedDecodingError: Error, CustomStringConvertible {
    /// The double's type name, e.g. `PersistedMock`.
    public let double: String

    /// Makes the error of the double named `double`.
    public init(double: String) {
        self.double = double
    }

    /// Names the double and the stub to write.
    public var description: String {
        "\(double).init(from:) was called but not stubbed, and a double holds nothing to decode: stub it "
            + "(\(double).double.initializerFrom.stub() lets decoding succeed, a handler may read the decoder, "
            + "stubbedError fails it)"
    }
}

/// What a throwing generic member throws when it was stubbed with a value of another type than
/// the call returns (e.g. `stubbedResult = "42"` for `decode(Int.self, …)`).
public struct StubTypeMismatchError: Error, CustomStringConvertible {
    /// The member's full name.
    public let member: String
    /// The stubbed value, as text.
    public let stubbed: String
    /// The type this call returns.
    public let expectedType: String

    /// The problem, without the member's name.
    var problem: String {
        "was stubbed with \(stubbed), which is not the \(expectedType) this call returns: stub a \(expectedType), "
            + "or use a handler that returns one for each type"
    }

    /// Names the member, both types and the fix.
    public var description: String { "\(member) \(problem)" }
}

/// Reports a failure to whichever test framework runs the test (XCTest or Swift Testing).
func reportFailure(_ message: String, at location: SourceLocation) {
    TestReporter.fail(message, at: location)
}

private func times(_ count: Int) -> String {
    count == 1 ? "once" : "\(count) times"
}
