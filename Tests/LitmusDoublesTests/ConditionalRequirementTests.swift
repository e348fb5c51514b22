import LitmusDoubles
import LitmusDoublesFixtures
import LitmusDoublesMacro
import Testing

/// The macro front end's twin of LitmusDoublesFixtures' `Scheduling`.
@Mockable
protocol Clocking {
    func now() -> Int
    #if DEBUG
        var drift: Int { get set }
    #elseif LITMUS_NEVER_DEFINED
        func unreachable(_ value: TypeThatDoesNotExist)
    #endif
}

@Suite("Requirements inside #if are doubled under their conditions, by the plugin and by the macro")
struct ConditionalRequirementTests {
    @Test("The plugin's double has the clause this build compiles, and is a spy and stub for it")
    func pluginDouble() {
        let sut = SchedulingMock(mode: .strict)
        sut.double.now.stubbedResult = 3
        sut.double.schedule.stubbedResult = true
        let scheduling: any Scheduling = sut

        let accepted = scheduling.schedule(after: 0.5)

        #expect(accepted)
        #expect(scheduling.now() == 3)
        // litmus:ignore floatEquality the double records the 0.5 it was called with; nothing is computed
        #expect(sut.double.schedule.lastArguments == 0.5)
        #expect(sut.double.schedule.callCount == 1)
    }

    @Test("A protocol declared in two clauses of an #if gets the double of the clause this build compiles")
    func pluginDoubleOfConditionalProtocol() {
        let sut = WakingMock(mode: .strict)
        sut.double.wake.stubbedResult = 2
        let waking: any Waking = sut

        #expect(waking.wake() == 2)
        #expect(sut.double.wake.callCount == 1)
    }

    @Test("A child of a protocol declared in two #if clauses gets the requirements of the clause this build compiles")
    func childOfConditionalProtocol() {
        let sut = ResumingMock(mode: .strict)
        sut.double.pause.stub()
        sut.double.resume.stub()

        sut.pause()
        sut.resume()

        verifyCallOrder(sut.double.pause, sut.double.resume)
    }

    // `drift` exists only in DEBUG builds, like the requirement it doubles.
    #if DEBUG
        @Test("The macro's double has the clause this build compiles: here a DEBUG property")
        func macroDouble() {
            let sut = ClockingMock(mode: .strict)
            sut.double.drift.value = 0
            var clocking: any Clocking = sut

            clocking.drift = 4

            #expect(clocking.drift == 4)
            #expect(sut.double.drift.setter.allArguments == [4])
        }
    #endif
}
