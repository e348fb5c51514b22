import Foundation
import LitmusHTTPStubs
import Testing

/// The clock is a parameter (`now:`): every recording here is dated 2026-11-23T00:00:00Z by `harEntry`.
@Suite("Recordings that expire: replay only fails, a recording mode records again, CI never does")
struct HARExpiryTests {
    let stubs = HTTPStubs()
    let upstream = HTTPStubs()
    let folder = TemporaryFolder()
    let recorded = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23T00:00:00Z

    /// A moment `days` days and `hours` hours after the recording.
    private func later(days: Int, hours: Int = 0) -> Date {
        recorded.addingTimeInterval(TimeInterval(days * 86_400 + hours * 3_600))
    }

    /// Writes a recording of `GET https://api.example.com/a` answered `a`, made at `recorded`.
    private func writeRecording(_ name: String = "search.har") throws -> URL {
        let file = folder.file(name)
        try HAR(entries: [harEntry("GET", "https://api.example.com/a", text: "a")]).write(to: file)
        return file
    }

    @Test("A recording younger than its limit replays")
    func freshReplays() async throws {
        // Given
        let file = try writeRecording()
        try stubs.replay(file: file, expiresAfter: .days(30), environment: localEnvironment, now: later(days: 10))
        // When
        let answer = try await stubs.fetch("https://api.example.com/a")
        // Then
        #expect(answer.text == "a")
    }

    @Test("An expired recording in replay only fails, naming the file, its age, the limit and the fix")
    func expiredReplayOnlyFails() throws {
        let file = try writeRecording()

        let error = #expect(throws: HARError.self) {
            try stubs.replay(
                file: file, expiresAfter: .days(30), environment: localEnvironment, now: later(days: 45, hours: 3))
        }

        #expect(
            error?.description
                == "The recording \(file.path) is 45 days 3 hours old, older than its limit of 30 days "
                + "(expiresAfter:). Re-record it with LITMUS_HTTP_RECORD=missing swift test (an expired recording "
                + "is recorded again, the others replay), review it, and commit it.")
    }

    @Test("An expired recording in record-if-missing mode is recorded again, as if it were missing")
    func expiredRecordIfMissingRecordsAgain() async throws {
        // Given
        let file = try writeRecording()
        upstream.stub(.path("/a"), .string("new"))
        let sut = try stubs.replay(
            file: file, mode: .recordIfMissing, expiresAfter: .days(30), recordingThrough: upstream.session(),
            environment: localEnvironment, now: later(days: 45))
        // When
        let answer = try await stubs.fetch("https://api.example.com/a")
        try sut.finish()
        // Then
        #expect(answer.text == "new")
        #expect(try HAR(contentsOf: file).log.entries.map(\.response.content.text) == ["new"])
    }

    @Test("In record-new mode only the expired entries are recorded again; the fresh ones replay and stay")
    func expiredRecordNewRecordsExpiredEntries() async throws {
        // Given
        let file = folder.file("search.har")
        var fresh = harEntry("GET", "https://api.example.com/fresh", text: "kept")
        fresh.startedDateTime = "2026-12-30T00:00:00.000Z"
        try HAR(entries: [harEntry("GET", "https://api.example.com/a", text: "a"), fresh]).write(to: file)
        upstream.stub(.path("/a"), .string("new"))
        let sut = try stubs.replay(
            file: file, mode: .recordNew, expiresAfter: .days(30), recordingThrough: upstream.session(),
            environment: localEnvironment, now: later(days: 45))
        // When
        let old = try await stubs.fetch("https://api.example.com/a")
        let kept = try await stubs.fetch("https://api.example.com/fresh")
        try sut.finish()
        // Then
        #expect([old.text, kept.text] == ["new", "kept"])
        #expect(try HAR(contentsOf: file).log.entries.map(\.response.content.text) == ["kept", "new"])
        #expect(upstream.requests.map(\.url.path) == ["/a"])
    }

    @Test("Under CI=true an expired recording fails even in a recording mode, naming the file and the fix")
    func expiredInCIFails() throws {
        let file = try writeRecording()

        let error = #expect(throws: HARError.self) {
            try stubs.replay(
                file: file, mode: .recordIfMissing, expiresAfter: .days(30), recordingThrough: upstream.session(),
                environment: ["CI": "true", "LITMUS_HTTP_RECORD": "missing"], now: later(days: 45))
        }

        #expect(error == .expired(file.path, age: .days(45), limit: .days(30), isCI: true))
        #expect(
            error?.description
                == "The recording \(file.path) is 45 days old, older than its limit of 30 days (expiresAfter:), and "
                + "CI=true never re-records. Re-record it on your machine with LITMUS_HTTP_RECORD=missing swift test "
                + "(an expired recording is recorded again, the others replay), review it, and commit it.")
        #expect(stubs.recordings.isEmpty)
    }

    @Test("A recording none of whose entries has a date counts as expired, and the error says why")
    func undatedRecordingExpired() throws {
        // Given
        let file = folder.file("undated.har")
        var entry = harEntry("GET", "https://api.example.com/a", text: "a")
        entry.startedDateTime = ""
        try HAR(entries: [entry]).write(to: file)
        // When
        let error = #expect(throws: HARError.self) {
            try stubs.replay(file: file, expiresAfter: .days(30), environment: localEnvironment, now: recorded)
        }
        // Then
        #expect(error == .expired(file.path, age: nil, limit: .days(30), isCI: false))
        #expect(
            error?.description.hasPrefix(
                "The recording \(file.path) has no entry whose startedDateTime is a date, so nothing shows it is "
                    + "within its limit of 30 days (expiresAfter:).") == true)
    }

    @Test("A recording's date is its oldest entry's, read with an offset as browsers write it")
    func recordedDateFromEntries() {
        var firefox = harEntry("GET", "https://api.example.com/b", text: "b")
        firefox.startedDateTime = "2026-11-22T23:00:00.000-02:00"  // 2026-11-23T01:00:00Z
        let har = HAR(entries: [firefox, harEntry("GET", "https://api.example.com/a", text: "a")])

        #expect(har.recordedDate == recorded)
        #expect(har.age(at: later(days: 2, hours: 5)) == .hours(53))
    }

    @Test(
        "An age reads in its two largest units",
        arguments: [
            (HARAge.days(30), "30 days"), (.hours(36), "1 day 12 hours"), (.seconds(90), "1 minute 30 seconds"),
            (.seconds(86_400 + 59), "1 day"), (.seconds(0), "0 seconds"),
        ])
    func ageDescription(age: HARAge, text: String) {
        #expect(age.description == text)
    }
}
