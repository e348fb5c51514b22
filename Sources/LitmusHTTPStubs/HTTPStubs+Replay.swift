import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPStubs {
    /// Replays the HAR file at `path` (relative to the folder of the test file calling this), and, in a
    /// recording mode, records what it does not hold through the real network.
    ///
    /// ```swift
    /// @Test(.httpStubs) func search() async throws {
    ///     try HTTPStubs.current.replay("Recordings/search.har", mode: .recordIfMissing)
    ///     let sut = DefaultNetworkingLayer(session: HTTPStubs.current.session())
    ///     …
    /// }   // the trait writes the recording here when the test returns
    /// ```
    ///
    /// Each entry becomes a stub answering with its status, headers and body (text or base64); entries
    /// recorded for alike requests answer in recorded order. A request the file does not hold fails
    /// closed, naming the nearest recorded entry. `LITMUS_HTTP_RECORD` overrides `mode`.
    ///
    /// - Parameters:
    ///   - path: the file, relative to the calling test file's folder, or absolute.
    ///   - mode: replay only (the default), or a recording mode; see ``HARRecordMode``.
    ///   - maxAge: how old the recording may be (`.days(30)`), from its entries' `startedDateTime`; older,
    ///     it fails the test in replay only and under `CI=true`, and is recorded again in a recording mode.
    ///     Nil (the default): it never expires.
    ///   - matching: which parts of a request must equal the recorded one's; see ``HARMatching``.
    ///   - timing: whether answers wait as long as the recorded ones took.
    ///   - redaction: what is hidden before anything is written (and ignored when matching).
    ///   - session: what records: a plain ephemeral `URLSession` unless you give one (a proxy, TLS settings).
    ///   - filePath: the calling test file, which a relative `path` is read from (the caller's, by default).
    /// - Throws: ``HARError`` naming the file: missing in replay only, malformed (naming the entry),
    ///   about to record by a mode set in code under `CI=true`, already being recorded by another test, or
    ///   expired where it cannot be recorded again.
    @discardableResult
    public func replay(
        _ path: String, mode: HARRecordMode? = nil, expiresAfter maxAge: HARAge? = nil,
        matching: HARMatching = .standard, timing: HARTiming = .none, redacting redaction: HARRedaction = .standard,
        recordingThrough session: URLSession? = nil, filePath: StaticString = #filePath
    ) throws(HARError) -> HARRecording {
        let folder = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        return try replay(
            file: file, mode: mode, expiresAfter: maxAge, matching: matching, timing: timing, redacting: redaction,
            recordingThrough: session, environment: ProcessInfo.processInfo.environment)
    }

    /// Replays the HAR resource `name` (`"search.har"` or `"Recordings/search.har"`) of `bundle`
    /// (usually `.module`): replay only, whatever `LITMUS_HTTP_RECORD` says, since a resource is a copy
    /// the build made. To record, name the file by its path instead
    /// (``replay(_:mode:expiresAfter:matching:timing:redacting:recordingThrough:filePath:)``).
    ///
    /// - Throws: ``HARError`` when the resource is missing or malformed (naming the entry).
    @discardableResult
    public func replay(
        _ name: String, in bundle: Bundle, matching: HARMatching = .standard, timing: HARTiming = .none,
        redacting redaction: HARRedaction = .standard
    ) throws(HARError) -> HARRecording {
        let file = bundle.resourceURL?.appendingPathComponent(name) ?? URL(fileURLWithPath: name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .unreadable(
                file.path,
                reason: "no resource \(name) in the bundle at \(bundle.bundlePath); add it to the test target's "
                    + "resources in Package.swift (resources: [.copy(\"Recordings\")]) and pass Bundle.module")
        }
        return try replay(
            file: file, mode: .replayOnly, matching: matching, timing: timing, redacting: redaction,
            recordingThrough: nil, environment: [:])
    }

    /// Replays the HAR file at `file`; see
    /// ``replay(_:mode:expiresAfter:matching:timing:redacting:recordingThrough:filePath:)``.
    /// `environment` stands in for the process's (`LITMUS_HTTP_RECORD`, `CI`), and `now` for the clock
    /// `expiresAfter:` reads.
    @discardableResult
    public func replay(
        file: URL, mode: HARRecordMode? = nil, expiresAfter maxAge: HARAge? = nil,
        matching: HARMatching = .standard, timing: HARTiming = .none, redacting redaction: HARRedaction = .standard,
        recordingThrough session: URLSession? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()
    ) throws(HARError) -> HARRecording {
        let (mode, isFromEnvironment) = try HARRecordMode.effective(requested: mode, environment: environment)
        let exists = FileManager.default.fileExists(atPath: file.path)
        var replayed: HAR?
        switch (mode, exists) {
        case (.replayOnly, false): throw .missingRecording(file.path)
        case (.replayOnly, true), (.recordIfMissing, true), (.recordNew, true): replayed = try HAR(contentsOf: file)
        case (.recordIfMissing, false), (.recordNew, false), (.recordAll, _): replayed = nil
        }
        if let har = replayed, let maxAge {
            replayed = try Self.unexpired(
                har, file: file, mode: mode, limit: maxAge, now: now, isCI: HARRecordMode.isCI(environment))
        }
        let isRecording = replayed == nil || mode == .recordNew
        if isRecording, !isFromEnvironment, HARRecordMode.isCI(environment) {
            throw .recordingInCI(file.path, mode: mode)
        }
        // Claimed before any stub is added, so a refused recording leaves the registry as it was.
        if isRecording {
            if let current = recordingFile { throw .secondRecording(file.path, recording: current.path) }
            try HARRecording.claim(file)
        }
        // Made before the stubs: should the file be malformed, dropping it releases the claim.
        let recording = HARRecording(
            file: file, mode: mode, isRecording: isRecording,
            kept: mode == .recordNew ? (replayed?.log.entries ?? []).map(redaction.redact) : [], redaction: redaction,
            session: session)
        if let replayed {
            try addStubs(for: replayed, file: file.path, matching: matching, timing: timing, redaction: redaction)
        }
        adopt(recording)
        return recording
    }

    /// Turns `har`'s entries into stubs: the same replay as from a file, for an archive in memory.
    ///
    /// - Throws: ``HARError/malformed(_:entry:field:reason:)`` for an entry with no absolute URL or a
    ///   body that is not valid base64; `name` names the archive.
    public func replay(
        _ har: HAR, name: String = "the HAR", matching: HARMatching = .standard, timing: HARTiming = .none,
        redacting redaction: HARRedaction = .standard
    ) throws(HARError) {
        try addStubs(for: har, file: name, matching: matching, timing: timing, redaction: redaction)
    }

    /// Writes every recording this registry made, each in one atomic write; the `.httpStubs` trait and
    /// `makeHTTPStubs()` call this when a test returns. Recordings that only replayed write nothing.
    ///
    /// - Throws: ``HARError/unwritable(_:reason:)`` for the first recording that could not be written.
    public func finishRecordings() throws(HARError) {
        for recording in recordings {
            try recording.finish()
        }
    }

    /// `har` as a replay with an `expiresAfter:` limit uses it: whole when no entry is past the limit; nil
    /// (recorded again, as if missing) in `.recordIfMissing`; without its expired entries, which are
    /// recorded again, in `.recordNew`.
    ///
    /// - Throws: ``HARError/expired(_:age:limit:isCI:)`` in replay only, and under `CI=true` in any mode.
    private static func unexpired(
        _ har: HAR, file: URL, mode: HARRecordMode, limit: HARAge, now: Date, isCI: Bool
    ) throws(HARError) -> HAR? {
        let expired = har.expiredEntries(limit: limit, now: now)
        guard !expired.isEmpty else { return har }
        if isCI || mode == .replayOnly {
            throw .expired(file.path, age: har.age(at: now), limit: limit, isCI: isCI)
        }
        guard mode == .recordNew else { return nil }
        var fresh = har
        fresh.log.entries = har.log.entries.indices.filter { !expired.contains($0) }.map { har.log.entries[$0] }
        return fresh
    }

    private func addStubs(
        for har: HAR, file: String, matching: HARMatching, timing: HARTiming, redaction: HARRedaction
    ) throws(HARError) {
        let name = URL(fileURLWithPath: file).lastPathComponent
        // Entries matched alike form one stub answering in recorded order, named after its first entry.
        var groups: [(first: Int, matcher: RequestMatcher, responses: [StubResponse])] = []
        var groupOfDescription: [String: Int] = [:]
        for (index, entry) in har.log.entries.enumerated() {
            guard let request = entry.recordedRequest else {
                throw .malformed(
                    file,
                    entry: HARError.EntryName(index: index, request: "\(entry.request.method) \(entry.request.url)"),
                    field: "request.url", reason: "is not an absolute URL")
            }
            guard let response = entry.stubResponse(timing: timing) else {
                throw .malformed(
                    file, entry: HARError.EntryName(index: index, request: "\(request.method) \(entry.request.url)"),
                    field: "response.content.text", reason: "is not valid base64 although its encoding says so")
            }
            let matcher = matching.makeMatcher(redaction.redact(request))
            if let group = groupOfDescription[matcher.description] {
                groups[group].responses.append(response)
            } else {
                groupOfDescription[matcher.description] = groups.count
                groups.append((index, matcher, [response]))
            }
        }
        // Stubs added later are tried first: add the first entries last so they win where matchers overlap.
        for group in groups.reversed() {
            let request = har.log.entries[group.first].request
            stub(
                group.matcher.applying { redaction.redact($0) },
                name: "\(name) entry \(group.first): \(request.method) \(request.url)",
                responses: group.responses, recording: file)
        }
    }
}
