import LitmusDoubles
import LitmusDoublesMacro
import Testing

/// A protocol whose static member only these tests use, so the shared recorder is theirs to inspect.
@Mockable
protocol Clocked {
    static func now() -> Int
}

@Suite("Static members get recorders of the test's own inside withStaticMock")
struct StaticMockTests {
    @Test("Cases running in parallel each see their own stub and count, in child tasks too", arguments: 0..<8)
    func parallelCases(value: Int) async {
        await ClockedMock.withStaticMock {
            ClockedMock.double.now.stubbedResult = value
            let fromChild = await Task { ClockedMock.now() }.value

            #expect(fromChild == value)
            #expect(ClockedMock.now() == value)
            #expect(ClockedMock.double.now.callCount == 2)
        }
    }

    @Test("A scoped recorder leaves the shared one untouched")
    func sharedUntouched() {
        let before = ClockedMock.double.now.callCount

        ClockedMock.withStaticMock {
            ClockedMock.double.now.stubbedResult = 1
            _ = ClockedMock.now()
        }

        #expect(ClockedMock.double.now.callCount == before)
        #expect(ClockedMock.double.now.stubbedResult == nil)
    }

    @Test("In strict mode an unstubbed static call fails at the line that scoped the recorders")
    func strictScope() {
        let line = #line + 1
        ClockedMock.withStaticMock(mode: .strict) {
            withKnownIssue {
                _ = ClockedMock.now()
            } matching: { issue in
                issue.comments.description.contains("ClockedMock.now() was called but not stubbed (strict mode)")
                    && issue.sourceLocation?.line == line
            }
        }
    }
}

/// Static members of an isolated protocol: the double's static recorders are nonisolated.
@Mockable
@MainActor
protocol Themed {
    static var theme: String { get }
}

/// Static members of an actor protocol.
@Mockable
protocol Registry: Actor {
    static func register(_ name: String)
}

extension StaticMockTests {
    @Test("A main-actor double's statics are scoped too")
    @MainActor
    func mainActorStatics() async {
        await ThemedMock.withStaticMock {
            ThemedMock.double.theme.stubbedResult = "dark"
            await Task.yield()  // the async form, which keeps the body on the main actor

            #expect(ThemedMock.theme == "dark")
        }
    }

    @Test("An actor double's statics are scoped too")
    func actorStatics() {
        RegistryMock.withStaticMock {
            RegistryMock.register("a")

            #expect(RegistryMock.double.register.lastArguments == "a")
        }
    }
}
