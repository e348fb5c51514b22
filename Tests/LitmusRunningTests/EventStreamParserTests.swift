import Foundation
import LitmusModel
import Testing

@testable import LitmusRunning

@Suite("Reading Swift Testing's event stream")
struct EventStreamParserTests {
    let sut = EventStreamParser()

    @Test("Every declared test function is found with its file and line; suites are not tests")
    func declarations() throws {
        let stream = sut.parse(try resource("swift-testing-events.jsonl"))
        #expect(stream.tests.map(\.name) == ["S/adds()", "S/fails()", "S/param(x:)", "freeFunc()"])
        #expect(stream.tests.first?.file == "/tmp/exp/P/Tests/LibTests/STests.swift")
        #expect(stream.tests.first?.line == 4)
    }

    @Test("Outcomes come from issues and testEnded events; a parameterized test is one test")
    func outcomes() throws {
        let stream = sut.parse(try resource("swift-testing-events.jsonl"))
        #expect(stream.results["LibTests.S/adds()/STests.swift:4:4"]?.outcome == .passed)
        #expect(stream.results["LibTests.S/fails()/STests.swift:5:4"]?.outcome == .failed)
        #expect(stream.results["LibTests.S/param(x:)/STests.swift:6:4"]?.outcome == .passed)
        #expect(stream.results["LibTests.freeFunc()/STests.swift:8:2"]?.outcome == .passed)
    }

    @Test("A failure's message keeps its file and line")
    func issueMessage() throws {
        let stream = sut.parse(try resource("swift-testing-events.jsonl"))
        #expect(
            stream.results["LibTests.S/fails()/STests.swift:5:4"]?.issues == [
                "/tmp/exp/P/Tests/LibTests/STests.swift:5: Expectation failed: (add(1, 2) → 3) == 4"
            ])
    }

    @Test("A test that started and whose stream was cut off crashed; the cut line is ignored")
    func truncated() throws {
        let text = try resourceText("swift-testing-events.jsonl")
        let lines = text.split(separator: "\n")
        let cut = try #require(lines.firstIndex { $0.contains(#""kind":"testEnded""#) && $0.contains("adds()") })
        let truncated = lines[..<cut].joined(separator: "\n") + "\n" + lines[cut].prefix(40)
        let stream = sut.parse(Data(truncated.utf8))
        #expect(stream.results["LibTests.S/adds()/STests.swift:4:4"]?.outcome == .crashed)
    }

    @Test("A known issue (withKnownIssue) does not fail the test")
    func knownIssue() throws {
        let text = try resourceText("swift-testing-events.jsonl").replacingOccurrences(
            of: #""isKnown":false"#, with: #""isKnown":true"#)
        let stream = sut.parse(Data(text.utf8))
        #expect(stream.results["LibTests.S/fails()/STests.swift:5:4"]?.outcome == .passed)
    }

    @Test("Durations are the time between testStarted and testEnded")
    func durations() throws {
        let stream = sut.parse(try resource("swift-testing-events.jsonl"))
        let duration = try #require(stream.results["LibTests.S/adds()/STests.swift:4:4"]?.duration)
        #expect(duration > 0 && duration < 0.01)
    }
}
