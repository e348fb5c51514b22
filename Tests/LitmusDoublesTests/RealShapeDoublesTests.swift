import LitmusDoublesFixtures
import LitmusDoublesMacro
import Synchronization
import Testing

@testable import LitmusDoubles

/// A meter doubled by the macro, which sees no other declaration: its values are found at run time.
@Mockable
protocol Meter {
    var level: Severity { get set }
    var attributes: Attributes { get }
    func receive(_ value: Int) -> Demand
}

/// Doubles the LitmusDoublesPlugin generated from LitmusDoublesFixtures/RealShapes.swift, and MeterMock:
/// members whose types have no `DefaultValue` used to stop the test process when unstubbed.
@Suite("Unstubbed members return a value their type offers, as a failure, and stop only when there is none")
struct RunTimeDefaultTests {
    @Test("A CaseIterable property returns its first case, and the failure names the member and the stub")
    func caseIterable() {
        // The macro sees no declaration of Severity: the value is found at run time.
        let sut = MeterMock()

        withKnownIssue {
            #expect(sut.level == .trace)
        } matching: { issue in
            issue.comments.description.contains(
                "MeterMock.level was called but not stubbed, and Severity has no DefaultValue: it returned trace, the "
                    + "first of its allCases; stub it (double.level.value = …)")
        }
        sut.double.level.value = .critical
        #expect(sut.level == .critical)
    }

    @Test("A dictionary literal type returns the empty literal, a numeric one zero, each reported once")
    func literalAndZero() {
        let sut = MeterMock()
        let recorded = Mutex<[String]>([])

        withKnownIssue {
            #expect(sut.attributes == [:])
            #expect(sut.receive(3) == .zero)
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.description) }
            return true
        }

        let messages = recorded.withLock { $0 }
        #expect(messages.count == 2)
        #expect(messages[0].contains("MeterMock.attributes was called but not stubbed") && messages[0].contains("[:]"))
        #expect(messages[1].contains("MeterMock.receive(_:) was called") && messages[1].contains("returned zero"))
        #expect(messages.allSatisfy { $0.components(separatedBy: "MeterMock.").count == 2 })
        #expect(sut.double.receive.allArguments == [3])
    }

    @Test("The plugin finds a static value in the type's declaration, and names an overload's own recorder")
    func declaredValueAndOverload() {
        let sut = SinkMock()

        withKnownIssue {
            #expect(sut.receive(3) == .zero)
        } matching: { issue in
            issue.comments.description.contains(
                "SinkMock.receive(_:) was called but not stubbed, and Demand has no DefaultValue: it returned "
                    + "Demand(count: 0), which its declaration offers; stub it (double.receiveValue.stubbedResult = …)")
        }
        #expect(sut.double.receiveValue.allArguments == [3])
    }

    @Test("A type whose init() the generator saw is made with it, as a failure naming the stub")
    func knownInitializer() {
        let sut = SinkMock()

        withKnownIssue {
            #expect(sut.token == Token())
        } matching: { issue in
            issue.comments.description.contains(
                "SinkMock.token was called but not stubbed, and Token has no DefaultValue: it returned Token(), which "
                    + "its declaration offers; stub it (double.token.stubbedResult = …)")
        }
    }

    @Test("A nested type's static none, and an enum's first case, are found in their declarations")
    func staticNoneAndFirstCase() {
        let sut = SinkMock()
        let recorded = Mutex<[String]>([])

        withKnownIssue {
            #expect(sut.pace() == .none)
            #expect(sut.phase == .idle)
        } matching: { issue in
            recorded.withLock { $0.append(issue.comments.description) }
            return true
        }

        let messages = recorded.withLock { $0 }
        #expect(messages.count == 2)
        #expect(
            messages.first?.contains("SinkMock.pace() was called but not stubbed, and Pace has no DefaultValue") == true
        )
        #expect(messages.last?.contains("it returned idle, which its declaration offers") == true)
    }

    @Test("In strict mode the found value is returned after the strict-mode failure, which is the only one")
    func strictFoundValue() {
        let sut = SinkMock(mode: .strict)
        let count = Mutex(0)

        withKnownIssue {
            #expect(sut.receive(1) == .zero)
        } matching: { issue in
            count.withLock { $0 += 1 }
            return issue.comments.description.contains("SinkMock.receive(_:) was called but not stubbed (strict mode)")
        }

        #expect(count.withLock { $0 } == 1)
    }

    @Test("A stubbed member returns its stub and reports nothing")
    func stubbed() {
        let sut = SinkMock()
        sut.double.attributes.stubbedResult = ["http.method": "GET"]
        sut.double.receiveValue.stubbedResult = Demand(count: 2)

        #expect(sut.attributes.values == ["http.method": "GET"])
        #expect(sut.receive(1) == Demand(count: 2))
    }

    @Test("A throwing member whose type offers nothing throws UnstubbedCallError naming the member and the fix")
    func throwingWithoutValue() {
        let sut = SinkMock()

        #expect {
            _ = try sut.connect()
        } throws: { error in
            "\(error)".contains("SinkMock.connect() was called but not stubbed, and Connection has no default")
        }
    }

    @Test("A member that cannot throw and whose type offers nothing stops, saying once which member and how to stub it")
    func nonThrowingWithoutValueStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = SinkMock().open()
        }

        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        let fatal = standardError.split(separator: "\n").first { $0.contains("Fatal error") } ?? ""
        #expect(
            fatal.contains(
                "SinkMock.open() was called but not stubbed, and Connection has no value a double can make up: "
                    + "stub it before the call (double.open.stubbedResult = …"))
        #expect(fatal.components(separatedBy: "SinkMock.open()").count == 2)
    }

    @Test("The stop's message names the running test, since the log may show only that line")
    func stopNamesTheTest() {
        let message = UnstubbedStop.message(member: "SinkMock.open()", problem: "was called but not stubbed")

        #expect(
            message
                == #"SinkMock.open() was called but not stubbed (in the test "The stop's message names the running "#
                + #"test, since the log may show only that line")"#)
    }
}

@Suite("Swift 6 requirement shapes are doubled and recorded: packs, sending, isolated, autoclosures, ~Copyable")
struct ModernShapeTests {
    @Test("A non-escaping @autoclosure argument is recorded as its value, evaluated once")
    func autoclosureEvaluatedOnce() {
        let sut = ModernTracerMock()
        var evaluations = 0
        func context() -> String {
            evaluations += 1
            return "trace-1"
        }

        sut.startSpan("GET /", context: context())

        #expect(evaluations == 1)
        #expect(sut.double.startSpan.lastArguments?.context == "trace-1")
        #expect(sut.double.startSpan.lastArguments?.name == "GET /")
    }

    @Test("A parameter pack is recorded as the array of its values")
    func parameterPack() throws {
        let sut = ModernTracerMock()

        sut.record(1, "two", 3.0)

        let values = try #require(sut.double.record.lastArguments)
        #expect(values.count == 3)
        #expect(values[0] as? Int == 1 && values[1] as? String == "two" && values[2] as? Double == 3.0)
    }

    @Test("sending results and parameters, isolated and borrowing parameters are recorded and stubbed")
    func sendingIsolatedBorrowing() async {
        let sut = ModernTracerMock()
        sut.double.makeBox.handler = { _ in Box(value: 7) }
        sut.double.depth.stubbedResult = 2
        #expect(sut.makeBox().value == 7)
        sut.adopt(Box(value: 1))
        let depth = await OnActor().depth(using: sut)
        sut.inspect(UniqueToken())

        #expect(sut.double.adopt.lastArguments?.value == 1)
        #expect(depth == 2)
        #expect(sut.double.inspect.callCount == 1)
    }
}

private struct UniqueToken: ~Copyable {}

private actor OnActor {
    func depth(using tracer: ModernTracerMock) -> Int {
        tracer.depth(on: self)
    }
}
