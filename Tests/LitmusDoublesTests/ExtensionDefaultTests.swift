import LitmusDoubles
import Synchronization
import Testing

@testable import LitmusDoublesFixtures

/// A real greeter: a forwarding double passes it what the test does not stub.
private struct Formal: Greeter {
    func name() -> String { "Madam" }
    func greeting() -> String { "Good evening, \(name())." }
}

@Suite("An unstubbed member that a protocol extension implements runs that default")
struct ExtensionDefaultTests {
    @Test("Relaxed: the default answers, and what it calls on self reaches the double and is recorded")
    func relaxedRunsTheDefault() {
        let greeter = GreeterMock()
        greeter.double.name.stubbedResult = "Ada"

        #expect(greeter.greeting() == "Hello, Ada!")
        #expect(greeter[letter: 0] == "H")
        #expect(greeter.greetingTwice() == "Hello, Ada!Hello, Ada!")

        #expect(greeter.double.greeting.callCount == 4)
        #expect(greeter.double.name.callCount == 4)
        #expect(greeter.double.punctuation.callCount == 4)
        #expect(greeter.double.subscriptLetter.allArguments == [0])

        // The default's own calls are the double's: a stub of one changes what the default makes.
        greeter.double.punctuation.stubbedResult = "?"
        #expect(greeter.greeting() == "Hello, Ada?")
    }

    @Test("A stub wins over the default, and the default's calls are not made")
    func stubWins() {
        let greeter = GreeterMock()
        greeter.double.greeting.stubbedResult = "Hi"
        greeter.double.punctuation.stubbedResult = "?"

        #expect(greeter.greeting() == "Hi")
        #expect(greeter.punctuation == "?")
        #expect(greeter.double.name.callCount == 0)

        greeter.double.greeting.handler = { _ in "Hey" }
        #expect(greeter.greeting() == "Hey")
        #expect(greeter.double.greeting.callCount == 2)
    }

    @Test("A given(…) whose arguments match wins; other arguments get the default, async and throwing")
    func givenWins() async throws {
        let greeter = GreeterMock()
        greeter.double.name.stubbedResult = "Ada"
        given(greeter.double.shout(times: .equal(3))).willReturn("HEY")

        #expect(try await greeter.shout(times: 3) == "HEY")
        #expect(try await greeter.shout(times: 2) == "Hello, Ada!Hello, Ada!")
        #expect(greeter.double.shout.allArguments == [3, 2])
        verify(greeter.double.shout(times: .any)).called(.exactly(2))
    }

    @Test("Strict: each unstubbed call is a failure naming the member, and the default still answers")
    func strictReportsAndRunsTheDefault() {
        let greeter = GreeterMock(mode: .strict)
        greeter.double.name.stubbedResult = "Ada"
        let reported = Mutex<[String]>([])

        withKnownIssue {
            #expect(greeter.greeting() == "Hello, Ada!")
        } matching: { issue in
            reported.withLock { $0.append(issue.comments.description) }
            return true
        }
        let failures = reported.withLock { $0 }

        #expect(failures.count == 2)
        #expect(
            failures.allSatisfy {
                $0.contains(
                    "was called but not stubbed (strict mode); it ran the default implementation of the protocol's "
                        + "extension; stub it with stubbedResult, handler or stubbedError")
            })
        #expect(failures.contains { $0.contains("GreeterMock.greeting()") })
        #expect(failures.contains { $0.contains("GreeterMock.punctuation") })
    }

    @Test("Defaults that call each other: a member whose default is running answers the inner call as unstubbed")
    func mutualDefaultsStop() {
        let greeter = GreeterMock()

        // ping's default calls pong, whose default calls ping: that call gets Int's default, 0.
        #expect(greeter.ping() == 0)
        #expect(greeter.double.ping.callCount == 2)
        #expect(greeter.double.pong.callCount == 1)
        // Once the defaults returned, the next call runs them again: pong, ping, then pong answers 0.
        #expect(greeter.pong() == 0)
        #expect(greeter.double.ping.callCount == 3)
        #expect(greeter.double.pong.callCount == 3)
    }

    @Test("A constrained extension's default (where Self: Equatable) is not used: the member is unstubbed")
    func constrainedDefaultIsNotUsed() {
        let greeter = GreeterMock()

        #expect(greeter.name() == "")
        #expect(greeter.greeting() == "Hello, !")
    }

    @Test("A forwarding double forwards before any default: the real instance's members win")
    func forwardingWins() {
        let greeter = GreeterMock(forwardingTo: Formal())

        #expect(greeter.greeting() == "Good evening, Madam.")
        // The real instance has no punctuation of its own: its default answers it.
        #expect(greeter.punctuation == "!")
        #expect(greeter.double.greeting.callCount == 1)
    }

    @Test("A class-bound protocol's default sees one helper per double: the identifier is stable and its own")
    func classBoundIdentity() {
        let first = HandleMock()
        let second = HandleMock()

        #expect(first.identifier == first.identifier)
        #expect(first.identifier != second.identifier)
        #expect(first.double.identifier.callCount == 3)

        first.double.identifier.stubbedResult = ObjectIdentifier(first)
        #expect(first.identifier == ObjectIdentifier(first))
        first.close()
        #expect(first.double.close.callCount == 1)
    }

    @Test("A default in an extension where Self: AnyObject reaches a double through a class helper")
    func anyObjectExtension() {
        let listener = ListenerMock()
        let other = ListenerMock()

        // litmus:ignore tautology the default computes the ID on each read: two reads agree when it is stable
        #expect(listener.listenerID == listener.listenerID)
        #expect(listener.listenerID != other.listenerID)
        #expect(listener.receive(1) == 0)
        #expect(listener.double.listenerID.callCount == 3)
    }

    @Test("An internal default of an internal protocol is reached by a double of a @testable import")
    func internalDefault() {
        let labeled = LabeledMock()
        labeled.double.name.stubbedResult = "x"

        #expect(labeled.label() == "<x>")
        #expect(labeled.double.label.callCount == 1)
    }
}
