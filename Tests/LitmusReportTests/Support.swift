import Foundation

/// The bytes of a file in this target's Resources folder.
func resource(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }
    return try Data(contentsOf: url)
}

/// The path of a file in this target's Resources folder.
func resourcePath(_ name: String) throws -> String {
    guard let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }
    return url.path
}

/// A new, empty folder of its own under the temporary folder; the caller removes it.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("litmus-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The text of the page's `<script type="application/json" id="ID">` element, as embedded.
func embedded(_ id: String, in page: String) -> String? {
    guard let open = page.range(of: "<script type=\"application/json\" id=\"\(id)\">"),
        let close = page[open.upperBound...].range(of: "</script>")
    else { return nil }
    return String(page[open.upperBound..<close.lowerBound])
}

/// An audit report with no tests, findings, verdicts or coverage.
let emptyAuditJSON = """
    {"schemaVersion": 1, "package": "/empty", "seed": 7, "options": {}, "wallSeconds": 1, "buildSeconds": 0.5,
     "tests": [], "findings": [], "verdicts": [], "failingTests": [], "unmetThresholds": [], "timedOutRuns": []}
    """

/// An audit whose coverage could not be measured (T) and which observed no test, as `litmus audit --json` writes it.
let unmeasuredAuditJSON = """
    {"schemaVersion": 1, "package": "/unmeasured", "seed": 7, "options": {}, "wallSeconds": 1, "buildSeconds": 0.5,
     "tests": [], "findings": [], "failingTests": [], "unmetThresholds": [], "timedOutRuns": [],
     "verdicts": [
       {"letter": "F", "passed": true, "findings": 0, "summary": "no test slower than the budget"},
       {"letter": "T", "passed": false, "findings": 0, "summary": "",
        "notMeasured": "coverage was asked for and not measured: no space left on /tmp"}],
     "unobservedSuite": {"reason": "the suite crashed before its first test", "exitStatus": 134,
       "failures": ["error: Fatal error: boom"], "lastLines": []}}
    """
