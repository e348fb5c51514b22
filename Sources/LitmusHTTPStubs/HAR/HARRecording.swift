import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HAR file in use by one registry: replayed, and, in a recording mode, recorded into.
///
/// New entries are kept in memory, redacted as they arrive, and written only by ``finish()``: in
/// request order, in one atomic write, so a test that throws or a process that is interrupted leaves
/// the file as it was. The `.httpStubs` trait and `makeHTTPStubs()` finish a registry's recordings when
/// the test returns; by hand, call ``HTTPStubs/finishRecordings()``.
public final class HARRecording: Sendable, CustomStringConvertible {
    /// The file replayed and recorded into.
    public let file: URL
    /// The mode that applied, after `LITMUS_HTTP_RECORD` and the CI check.
    public let mode: HARRecordMode
    /// Whether requests the file does not answer go to the network and are recorded.
    public let isRecording: Bool
    /// What is hidden before an entry is kept.
    public let redaction: HARRedaction
    /// The session requests are recorded through, when not a plain ephemeral one.
    let session: URLSession?
    private let state: Mutex<State>

    init(
        file: URL, mode: HARRecordMode, isRecording: Bool, kept: [HAR.Entry], redaction: HARRedaction,
        session: URLSession?
    ) {
        self.session = session
        self.file = file
        self.mode = mode
        self.isRecording = isRecording
        self.redaction = redaction
        self.state = Mutex(State(kept: kept, isClaimed: isRecording))
    }

    deinit {
        releaseFile()
    }

    /// `search.har (recording, mode all)`.
    public var description: String {
        "\(file.lastPathComponent) (\(isRecording ? "recording" : "replaying"), mode \(mode.rawValue))"
    }

    /// The entries recorded so far in this run, redacted, in request order.
    public var recordedEntries: [HAR.Entry] {
        state.withLock { $0.recorded.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Whether ``finish()`` has written the file (or had nothing to write).
    public var isFinished: Bool {
        state.withLock { $0.isFinished }
    }

    /// Writes the recording when it recorded: the entries kept from the file (mode `new`) and then the
    /// new ones in the order their requests were sent, in one atomic write. Does nothing when replaying,
    /// or when called again.
    ///
    /// - Throws: ``HARError/unwritable(_:reason:)`` when the file cannot be written.
    public func finish() throws(HARError) {
        let entries: [HAR.Entry]? = state.withLock { state in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            return state.kept + state.recorded.sorted { $0.key < $1.key }.map(\.value)
        }
        guard isRecording, let entries else { return }
        defer { releaseFile() }
        try HAR(entries: entries).write(to: file)
    }

    /// Lets another recording claim the file: once finished, or when dropped unfinished.
    private func releaseFile() {
        let claimed = state.withLock { state in
            defer { state.isClaimed = false }
            return state.isClaimed
        }
        if claimed { Self.release(file) }
    }

    /// A number fixing a request's place in the file, taken when the request is sent.
    package func reserve() -> Int {
        state.withLock { state in
            state.nextTicket += 1
            return state.nextTicket
        }
    }

    /// Keeps `request` answered by `response` at the place `ticket` reserved, redacted.
    package func record(
        ticket: Int, request: RecordedRequest, response: StubResponse, started: Date, duration: Duration
    ) {
        let entry = redaction.redact(
            HAR.Entry(request: request, response: response, started: started, duration: duration))
        state.withLock { state in
            guard !state.isFinished else { return }
            state.recorded[ticket] = entry
        }
    }

    // MARK: One recording per file at a time

    private static let openFiles = Mutex<Set<String>>([])

    /// Claims `file` for recording, so two tests never record into one file.
    static func claim(_ file: URL) throws(HARError) {
        let path = file.standardizedFileURL.path
        let claimed = openFiles.withLock { $0.insert(path).inserted }
        guard claimed else { throw .fileInUse(file.path) }
    }

    private static func release(_ file: URL) {
        _ = openFiles.withLock { $0.remove(file.standardizedFileURL.path) }
    }

    private struct State {
        var kept: [HAR.Entry]
        var isClaimed: Bool
        var recorded: [Int: HAR.Entry] = [:]
        var nextTicket = 0
        var isFinished = false
    }
}
