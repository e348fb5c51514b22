import Foundation
import LitmusTestReporting

/// Keeps what a failure looked like, in `LITMUS_UI_ARTIFACTS` (default: the temporary folder's
/// `litmus-ui-failures`; scripts/test keeps them in .build/litmus-ui-failures), and as attachments of the
/// current Swift Testing test: the screenshot and accessibility tree at the failure, and the UI trace.
enum FailureEvidence {
    /// The folder failures are kept in.
    static var folder: String {
        ProcessInfo.processInfo.environment["LITMUS_UI_ARTIFACTS"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("litmus-ui-failures").path
    }

    /// Saves the screenshot of a failure with `element`; its path, or nil when it could not be written.
    static func save(_ png: Data, for element: String) -> String? {
        write(png, to: folder + "/\(Int(Date().timeIntervalSince1970 * 1000))-\(fileName(element)).png")
    }

    static func attach(screenshot: Data?, tree: String) {
        if let screenshot { TestReporter.attach([UInt8](screenshot), named: "screenshot.png") }
        TestReporter.attach(Array(tree.utf8), named: "accessibility-tree.txt")
    }

    /// Writes `recorder`'s trace: over the file it was written to before, else to a new file named after the
    /// test (or the app's page). When `announcing`, the first time, its path is written to standard output
    /// (for XCTest, whose tests have no attachments on Linux) and it is attached to the running Swift Testing
    /// test; under ``UITraceTrait`` that waits for the test's end, which knows whether it failed. Its path,
    /// or nil when it could not be written.
    static func write(trace recorder: TraceRecorder, announcing: Bool) -> String? {
        let html = Array(recorder.document().html.utf8)
        let path =
            recorder.path
            ?? folder + "/\(Int(Date().timeIntervalSince1970 * 1000))-\(fileName(recorder.name)).trace.html"
        guard let written = write(Data(html), to: path) else { return nil }
        recorder.path = written
        if announcing && recorder.announce() {
            FileHandle.standardOutput.write(Data("litmus-ui trace: \(written)\n".utf8))
            TestReporter.attach(html, named: "ui-trace.html")
        }
        return written
    }

    /// `name` with everything but letters and digits made `_`, at most 60 characters.
    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.prefix(60))
    }

    private static func write(_ data: Data, to path: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path))
            return path
        } catch {
            return nil
        }
    }
}
