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

    @Test(
        "A test started again while it runs (a child process running it) ends as the parent says; a crash still shows")
    func childRunsTheTest() {
        // Given OpenCombine's assertCrashes: the test runs itself again in a child, which crashes as expected, and
        // passes; a child that ends without the crash expected, after which its parent fails; and a child that
        // crashes when its parent process dies too, before its end
        let output = """
            Test Case 'SubjectTests.testCrashOnZeroDemand' started at 2026-11-27 10:00:00.000
            Test Case 'SubjectTests.testCrashOnZeroDemand' started at 2026-11-27 10:00:00.100
            Fatal error: Zero demand
            Test Case 'SubjectTests.testCrashOnZeroDemand' passed (0.2 seconds)
            Test Case 'SubjectTests.testBreakpoint' started at 2026-11-27 10:00:00.200
            Test Case 'SubjectTests.testBreakpoint' started at 2026-11-27 10:00:00.210
            Test Case 'SubjectTests.testBreakpoint' passed (0.01 seconds)
            Test Case 'SubjectTests.testBreakpoint' failed (0.05 seconds)
            Test Case 'SubjectTests.testSend' started at 2026-11-27 10:00:00.300
            Test Case 'SubjectTests.testSend' started at 2026-11-27 10:00:00.400
            Fatal error: boom
            """

        // When
        let entries = sut.parse(output)

        // Then
        #expect(
            entries.map(\.outputName) == [
                "SubjectTests.testCrashOnZeroDemand", "SubjectTests.testBreakpoint", "SubjectTests.testSend",
            ])
        #expect(entries.map(\.result.outcome) == [.passed, .failed, .crashed])
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

    @Test("A failing test keeps the end of what it printed; a passing one keeps nothing")
    func outputOfAFailure() {
        // Given
        let output = """
            Test Case 'ATests.testA' started at 2026-01-01 00:00:00.000
            printed by A
            Test Case 'ATests.testA' passed (0.001 seconds)
            Test Case 'ATests.testB' started at 2026-01-01 00:00:00.001
            first line of B
            /tmp/B.swift:3: error: ATests.testB : XCTAssertTrue failed
            last line of B\r
            Test Case 'ATests.testB' failed (0.002 seconds)

            """
        // When
        let entries = sut.parse(output)
        // Then
        #expect(entries.map(\.result.output) == [nil, "first line of B\nlast line of B"])
        #expect(entries.last?.result.issues == ["/tmp/B.swift:3: XCTAssertTrue failed"])
    }

    @Test("A test's output is kept to its last 4 KiB, starting on a character, with how much came before")
    func outputBounded() throws {
        // Given: 100,000 lines of 10 bytes, then a line of two-byte characters longer than the tail
        var output = "Test Case 'ATests.testChatty' started at 2026-01-01 00:00:00.000\n"
        output += String(repeating: "123456789\n", count: 100_000)
        output += String(repeating: "é", count: 3000) + "\n"
        output += "Test Case 'ATests.testChatty' failed (1.000 seconds)\n"
        // When
        let kept = try #require(sut.parse(output).first?.result.output)
        // Then
        let lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines.first == "[1001906 bytes before]")
        #expect(lines.last.map { $0.utf8.count } == 4094)
        #expect(lines.last?.allSatisfy { $0 == "é" } == true)
    }

    @Test("A record after text the test printed without a line end is still read, the text kept as its output")
    func recordAfterUnterminatedOutput() {
        // Given
        let output = """
            Test Case 'ATests.testA' started at 2026-01-01 00:00:00.000
            no line end hereTest Case 'ATests.testA' failed (0.003 seconds)
            Test Case 'ATests.testB' started at 2026-01-01 00:00:00.003
            Test Case 'ATests.testB' passed (0.001 seconds)

            """
        // When
        let entries = sut.parse(output)
        // Then
        #expect(entries.map(\.result.outcome) == [.failed, .passed])
        #expect(entries.first?.result.output == "no line end here")
    }

    @Test("Bytes that are not UTF-8 in a test's output are read as U+FFFD, the records around them intact")
    func notUTF8() {
        // Given
        var bytes = Array("Test Case 'ATests.testA' started at 2026-01-01 00:00:00.000\nbad ".utf8)
        bytes += [0xFF, 0xFE, 0xC3, 0x28, 0x0A]
        bytes += Array("Test Case 'ATests.testA' failed (0.003 seconds)\n".utf8)
        // When
        let entries = sut.parse(String(decoding: bytes, as: UTF8.self))
        // Then
        #expect(entries.map(\.result.outcome) == [.failed])
        #expect(entries.first?.result.output == "bad \u{FFFD}\u{FFFD}\u{FFFD}(")
    }
}
