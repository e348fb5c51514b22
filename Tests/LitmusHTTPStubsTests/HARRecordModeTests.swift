import Foundation
import LitmusHTTPStubs
import Testing

@Suite("Record modes: by argument, by LITMUS_HTTP_RECORD, and never by accident in CI")
struct HARRecordModeTests {
    let stubs = HTTPStubs()
    let folder = TemporaryFolder()

    @Test("Replay only with no file is an error naming the file and how to record it")
    func replayOnlyMissingFile() {
        let file = folder.file("search.har")

        let error = #expect(throws: HARError.self) { try stubs.replay(file: file, environment: localEnvironment) }

        #expect(
            error?.description
                == "There is no recording at \(file.path) and the mode is replay only. Record it once with "
                + "LITMUS_HTTP_RECORD=missing swift test (or mode: .recordIfMissing), review it, and commit it.")
    }

    @Test("LITMUS_HTTP_RECORD overrides the mode given in code")
    func environmentOverrides() throws {
        // When
        let sut = try stubs.replay(
            file: folder.file("search.har"), mode: .replayOnly, environment: ["LITMUS_HTTP_RECORD": "all"])
        // Then
        #expect(sut.mode == .recordAll)
        #expect(sut.isRecording)
    }

    @Test("Recording asked in code while CI=true is refused with the fix")
    func recordingInCIRefused() {
        let file = folder.file("search.har")

        let error = #expect(throws: HARError.self) {
            try stubs.replay(file: file, mode: .recordIfMissing, environment: ["CI": "true"])
        }

        #expect(
            error?.description
                == "Recording \(file.path) (mode missing, set in code) was refused because CI=true: CI never "
                + "records by accident. Commit the recording made on your machine, or record on purpose by "
                + "setting LITMUS_HTTP_RECORD=missing in the CI job's environment.")
    }

    @Test("Under CI=true, record if missing in code replays a committed file")
    func recordIfMissingInCIWithFile() throws {
        // Given
        let file = folder.file("search.har")
        try HAR(entries: [harEntry("GET", "https://api.example.com/a", text: "a")]).write(to: file)
        // When
        let sut = try stubs.replay(file: file, mode: .recordIfMissing, environment: ["CI": "true"])
        // Then
        #expect(!sut.isRecording)
    }

    @Test("CI records when its own environment asks for it")
    func recordingInCIByEnvironment() throws {
        let sut = try stubs.replay(
            file: folder.file("search.har"), environment: ["CI": "true", "LITMUS_HTTP_RECORD": "missing"])

        #expect(sut.isRecording)
    }

    @Test("A LITMUS_HTTP_RECORD value that is no mode is an error listing the modes")
    func unknownMode() {
        let error = #expect(throws: HARError.self) {
            try stubs.replay(file: folder.file("search.har"), environment: ["LITMUS_HTTP_RECORD": "yes"])
        }

        #expect(
            error?.description == "LITMUS_HTTP_RECORD=yes is not a record mode. Use one of: replay, missing, new, all.")
    }

    @Test("Record if missing replays, without recording, a file that exists")
    func recordIfMissingWithFile() throws {
        // Given
        let file = folder.file("search.har")
        try HAR(entries: [harEntry("GET", "https://api.example.com/a", text: "a")]).write(to: file)
        // When
        let sut = try stubs.replay(file: file, mode: .recordIfMissing, environment: localEnvironment)
        // Then
        #expect(!sut.isRecording)
    }

    @Test("Two recordings of one file at once: the second is refused, naming the file")
    func fileInUse() throws {
        // Given
        let file = folder.file("shared.har")
        let first = try stubs.replay(file: file, mode: .recordAll, environment: localEnvironment)
        // When
        let error = #expect(throws: HARError.self) {
            try HTTPStubs().replay(file: file, mode: .recordAll, environment: localEnvironment)
        }
        // Then
        #expect(error == .fileInUse(file.path))
        #expect(first.isRecording)
    }

    @Test("A second recording in one registry is refused, naming both files: the first keeps its requests")
    func secondRecording() throws {
        // Given
        let first = folder.file("first.har")
        let second = folder.file("second.har")
        let recording = try stubs.replay(file: first, mode: .recordAll, environment: localEnvironment)
        // When
        let error = #expect(throws: HARError.self) {
            try stubs.replay(file: second, mode: .recordAll, environment: localEnvironment)
        }
        // Then
        #expect(error == .secondRecording(second.path, recording: first.path))
        #expect(error?.description.contains("records into \(first.path)") == true)
        #expect(recording.isRecording)
        #expect(stubs.recordings.count == 1)
    }
}
