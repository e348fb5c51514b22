import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("Reading XCTest's output")
struct XCTestOutputParserTests {
    let sut = XCTestOutputParser()

    @Test("Each test of a real run gets its outcome and duration, in the order it ran")
    func realRun() throws {
        let entries = sut.parse(try resourceText("xctest-output.txt"))
        #expect(
            entries.map(\.outputName) == [
                "ATests.testAVictim", "ATests.testFail", "ATests.testSkip", "ATests.testZPolluter", "BTests.testB",
            ])
        #expect(entries.map(\.result.outcome) == [.passed, .failed, .skipped, .passed, .passed])
        // litmus:ignore floatEquality parsed from the text "0.001": the same Double as the literal
        #expect(entries[0].result.duration == 0.001)
    }

    @Test("A failure keeps its message with file and line")
    func failureMessage() throws {
        let failed = try #require(
            sut.parse(try resourceText("xctest-output.txt")).first { $0.outputName == "ATests.testFail" })
        #expect(
            failed.result.issues == [
                #"/tmp/exp/P/Tests/LibTests/XTests.swift:7: XCTAssertEqual failed: ("2") is not equal to ("3") - boom"#
            ])
    }

    @Test("A test that started and never ended crashed; lines a test prints are not records")
    func crash() throws {
        let entries = sut.parse(try resourceText("xctest-crash.txt"))
        #expect(entries.map(\.outputName) == ["CrashTests.testA", "CrashTests.testB"])
        #expect(entries.map(\.result.outcome) == [.passed, .crashed])
    }

    @Test("Apple's form -[Module.Class test] reads as Class.test")
    func appleForm() {
        let entries = sut.parse(
            "Test Case '-[Mod.ATests testA]' started.\nTest Case '-[Mod.ATests testA]' failed (0.250 seconds).\n")
        #expect(entries == [.init(outputName: "ATests.testA", result: .init(outcome: .failed, duration: 0.25))])
    }

    @Test("--list-tests gives Module.Class/method identifiers, headers left out")
    func listing() throws {
        let ids = sut.parseListing(try resourceText("xctest-list.txt"))
        #expect(
            ids == [
                "LibTests.ATests/testAVictim", "LibTests.ATests/testFail", "LibTests.ATests/testSkip",
                "LibTests.ATests/testZPolluter", "LibTests.BTests/testB",
            ])
    }
}
