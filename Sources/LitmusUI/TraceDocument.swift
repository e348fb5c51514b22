import Foundation
import LitmusJSON

/// One step of a UI trace: an action, query, read or wait as the test made it.
struct TraceStep: Sendable, Encodable {
    /// `launch`, `tap`, `typeText`, `clearText`, `exists`, `count`, `read`, `waitForExistence`, …
    let kind: String
    /// The element as the test wrote it (`app.buttons["7"]`), if the step had one.
    let element: String?
    /// What else the step said: the text typed, the URL opened, what it read or found.
    let detail: String?
    /// Milliseconds from the start of the trace to the step's start.
    let start: Double
    /// Milliseconds the step took.
    let duration: Double
    /// Where that time went (an action: `actionable`, `input`, `settle`).
    let phases: [TracePhase]
    /// Why it failed, for the failing step.
    let error: String?
    /// The page's DOM as the step found it, its element marked (an index into ``TraceDocument/doms``).
    var dom: Int?
    /// The page's DOM once the action settled (an action only).
    var domAfter: Int?
    /// The screenshot after the step (an index into ``TraceDocument/screenshots``), if one was taken.
    var screenshot: Int?
    /// The box of the step's element in the viewport, to highlight on the screenshot.
    var rect: TraceRect?

    init(
        kind: String, element: String?, detail: String?, start: Double, duration: Double, phases: [TracePhase],
        error: String?
    ) {
        self.kind = kind
        self.element = element
        self.detail = detail
        self.start = start
        self.duration = duration
        self.phases = phases
        self.error = error
    }
}

/// A phase of a step and its milliseconds.
struct TracePhase: Sendable, Encodable {
    let name: String
    let duration: Double
}

/// A box in the viewport, in CSS pixels.
struct TraceRect: Sendable, Encodable {
    let x: Double
    let y: Double
    let width: Double
    let height: Double

    /// The box a page-script capture reported (`{x, y, width, height}`), if it reported one.
    init?(_ json: JSONValue) {
        guard let x = json["x"].number, let y = json["y"].number, let width = json["width"].number,
            let height = json["height"].number
        else { return nil }
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// The viewport's size, in CSS pixels, that a step's box is relative to.
struct TraceSize: Sendable, Encodable {
    let width: Double
    let height: Double

    /// The size a page-script capture reported (`{width, height}`), if it reported one.
    init?(_ json: JSONValue) {
        guard let width = json["width"].number, let height = json["height"].number else { return nil }
        (self.width, self.height) = (width, height)
    }
}

/// A screenshot of the trace: its MIME type and its bytes in base64.
struct TraceScreenshot: Sendable, Encodable {
    let mime: String
    let base64: String
}

/// The test's failure: its message, and the step that failed (nil when it failed outside a step).
struct TraceFailure: Sendable, Encodable {
    let message: String
    let step: Int?
}

/// Everything a UI trace file holds, written as JSON into the viewer page (``html``).
struct TraceDocument: Sendable, Encodable {
    let title: String
    let test: String?
    let url: String
    let startedAt: String
    let mode: String
    let viewport: TraceSize?
    let failure: TraceFailure?
    let steps: [TraceStep]
    /// The pages' DOMs, each once however many steps show it.
    let doms: [String]
    let screenshots: [TraceScreenshot]
    let console: [TraceConsoleEntry]
    let network: [TraceNetworkEntry]

    /// The trace as one self-contained HTML page (Resources/TraceViewer.html with this document in it):
    /// it loads nothing (its content security policy allows no request), runs only its own script, and
    /// shows each step's DOM in a sandboxed frame, where none of the page's scripts were kept anyway.
    var html: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        // "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the data.
        let data = json.replacingOccurrences(of: "<", with: "\\u003c")
        return Self.viewer
            .replacingOccurrences(of: "__LITMUS_TRACE_TITLE__", with: Self.escaped(title))
            .replacingOccurrences(of: "__LITMUS_TRACE_DATA__", with: data)
    }

    private static let viewer = String(decoding: PackageResources.TraceViewer_html, as: UTF8.self)

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
