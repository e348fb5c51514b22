import Foundation
import LitmusJSON
import LitmusSupport
import Synchronization
import Testing

@testable import LitmusUI

/// What the trace viewer's DOM frames show: for each, the accessibility tree of the page rendered in it,
/// as a snapshot, and the element outlined in it (`button: Add`), if any. The frames are sandboxed, so
/// Chromium runs each as a DevTools target of its own: a connection to each reads it. Read again until
/// `until` accepts them (they render again whenever another step is chosen), for at most 10 seconds.
func domFrames(
    of viewer: XCUIApplication, until accepted: ([(tree: String, marked: String?)]) -> Bool
) async throws -> [(tree: String, marked: String?)] {
    let devTools = try #require(try viewer.session().devTools, "the viewer's session has no DevTools connection")
    let deadline = ContinuousClock.now + .seconds(120)
    var frames: [(tree: String, marked: String?)] = []
    // A frame's target appears, and its document renders, without notice to this process: poll for them.
    while ContinuousClock.now < deadline {
        frames = []
        for index in 0..<4 {
            guard
                let frame = try? await DevToolsConnection.open(
                    debuggerAddress: devTools.debuggerAddress, target: "DOM frame \(index)", timeout: .seconds(120),
                    matching: iframe(index))
            else { break }
            let tree = try? await frame.call("Accessibility.getFullAXTree", timeout: .seconds(120))
            let document = try? await frame.call("DOM.getDocument", ["depth": -1], timeout: .seconds(120))
            frame.close()
            frames.append(
                (
                    tree.flatMap(AccessibilityNode.tree(fromFullAXTree:))?.snapshot ?? "",
                    document.flatMap { marked(in: $0["root"]) }
                ))
        }
        if accepted(frames) { return frames }
        try await Task.sleep(for: .milliseconds(50))  // poll interval
    }
    return frames
}

/// Accepts the `index`-th frame target that `/json/list` lists (the list is the order of the calls).
private func iframe(_ index: Int) -> (JSONValue) -> Bool {
    let seen = Mutex(0)
    return { target in
        guard target["type"].string == "iframe" else { return false }
        return seen.withLock { seen in
            defer { seen += 1 }
            return seen == index
        }
    }
}

/// The first element of a `DOM.getDocument` node's tree with `data-litmus-target`: its tag and its text.
private func marked(in node: JSONValue) -> String? {
    let attributes = node["attributes"].array?.compactMap(\.string) ?? []
    if attributes.contains("data-litmus-target") {
        let text = (node["children"].array ?? []).compactMap { $0["nodeValue"].string }.joined()
        return "\(node["localName"].string ?? ""): \(text)"
    }
    for child in node["children"].array ?? [] {
        if let found = marked(in: child) { return found }
    }
    return nil
}

/// The traces in the failures folder whose file names hold `test` (a test's function name).
func writtenTraces(named test: String) -> Set<String> {
    let folder = FailureEvidence.folder
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return Set(names.filter { $0.contains(test) && $0.hasSuffix(".trace.html") }.map { folder + "/" + $0 })
}

/// Whether this test binary can run one of its own tests as a child process: on Linux it is the test
/// process itself (`--testing-library swift-testing --filter …`); elsewhere tests run inside a runner.
#if os(Linux)
    let canRunFixtureProcess = true
#else
    let canRunFixtureProcess = false
#endif

/// A fixture test of this test binary that fails, run alone as a child process (the variable
/// `selectedBy` set to `1` enables it), with `LITMUS_UI_TRACE=failure` and a failures folder of its own.
struct FailingFixture {
    /// The child's standard output and error.
    let output: String
    /// Whether it failed.
    let failed: Bool
    /// The trace it said it wrote (`litmus-ui trace: <path>`), in its failures folder.
    let tracePath: String?
    private let folder: URL

    static func run(_ filter: String, selectedBy variable: String) async throws -> FailingFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-trace-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("attachments"), withIntermediateDirectories: true)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]),
            [
                "--testing-library", "swift-testing", "--filter", filter,
                "--attachments-path", folder.appendingPathComponent("attachments").path,
            ],
            in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            environment: [variable: "1", "LITMUS_UI_TRACE": "failure", "LITMUS_UI_ARTIFACTS": folder.path],
            timeout: 120)
        let announced = result.output.split(separator: "\n").first { $0.hasPrefix("litmus-ui trace: \(folder.path)") }
        return FailingFixture(
            output: result.output, failed: result.status != 0,
            tracePath: announced.map { String($0.dropFirst("litmus-ui trace: ".count)) }, folder: folder)
    }

    /// The contents of the attachment the child's test saved as `name` (Swift Testing's
    /// `--attachments-path`, in its failures folder), or nil when it saved none of that name.
    func attachment(named name: String) throws -> Data? {
        let attachments = folder.appendingPathComponent("attachments")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: attachments.path)) ?? []
        let stem = (name as NSString).deletingPathExtension
        let suffix = "." + (name as NSString).pathExtension
        guard let saved = names.first(where: { $0.hasPrefix(stem) && $0.hasSuffix(suffix) }) else { return nil }
        return try Data(contentsOf: attachments.appendingPathComponent(saved))
    }

    /// Deletes the child's failures folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The JSON a trace file's page holds.
func traceData(in html: String) throws -> JSONValue {
    let start = try #require(html.range(of: #"<script type="application/json" id="trace-data">"#))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    return try JSONDecoder().decode(JSONValue.self, from: Data(html[start.upperBound..<end.lowerBound].utf8))
}
