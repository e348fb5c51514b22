import LitmusDoubles
import Testing

@Suite("One recorded call: what the hot path keeps while it moves the arguments and reads the stub")
struct RecordingPathTests {
    private let context = DoubleContext(typeName: "CounterMock", mode: .relaxed)

    @Test("A handler may call the member again: it runs outside the lock, with the call's arguments")
    func reentrantHandler() {
        let sut = Member<Int, Int>("countDown(from:)", of: context)
        sut.handler = { [unowned sut] start in start == 0 ? 0 : sut.call(start - 1) + 1 }

        let result = sut.call(3)

        #expect(result == 3)
        #expect(sut.allArguments == [3, 2, 1, 0])
        #expect(sut.lastArguments == 0)
    }

    @Test("A stubbed value, then an error, then nothing: each call resolves the stub set last")
    func stubsInTurn() {
        struct Refused: Error {}
        let sut = Member<String, Int>("parse(_:)", of: context)

        sut.stubbedResult = 7
        let stubbed = try? sut.callThrowing("7")
        sut.stubbedError = Refused()
        let failed = Result { try sut.callThrowing("x") }
        sut.stubbedError = nil
        let unstubbed = try? sut.callThrowing("y")

        #expect(stubbed == 7)
        #expect(throws: Refused.self) { try failed.get() }
        #expect(unstubbed == 0)
        #expect(sut.allArguments == ["7", "x", "y"])
    }

    @Test("Calls racing from many tasks are all recorded, each numbered once, in ascending order")
    func concurrentCalls() async {
        let sut = Member<Int, Int>("record(_:)", of: context)
        sut.stubbedResult = 1

        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<200 {
                group.addTask { sut.call(index) }
            }
            return await group.reduce(0, +)
        }

        #expect(total == 200)
        #expect(sut.callCount == 200)
        #expect(Set(sut.allArguments) == Set(0..<200))
        #expect(Set(sut.callSequenceNumbers).count == 200)
        #expect(sut.callSequenceNumbers == sut.callSequenceNumbers.sorted())
    }
}
