import Foundation
import LitmusModel

/// `litmus history --html FILE`: one self-contained page (no script, no network) with a chart per
/// figure over the history's runs (suite duration, line coverage, mutation score, flaky and quarantined
/// tests), the flaky tests with their flip rates and intervals, and the quarantine advice.
public struct HistoryPage: Sendable {
    /// The summary drawn.
    public var summary: HistorySummary

    /// A page for `summary`.
    public init(_ summary: HistorySummary) { self.summary = summary }

    /// The figures charted, each with its title, unit and value per point.
    static let series: [(id: String, title: String, unit: String, value: @Sendable (TrendPoint) -> Double?)] = [
        ("suite", "Suite duration (sum of the tests' medians)", "s", { $0.suiteSeconds }),
        ("coverage", "Line coverage", "%", { $0.linePercent }),
        ("mutation", "Mutation score", "%", { $0.mutationScore }),
        ("flaky", "Flaky tests", "", { $0.flakyTests.map(Double.init) }),
        ("quarantined", "Quarantined tests", "", { $0.quarantinedTests.map(Double.init) }),
    ]

    /// The page.
    public func render() -> String {
        var body = ""
        body += "<h1>History of \(escape(summary.file))</h1>\n"
        body +=
            "<p class=\"lede\">\(summary.runsInFile) runs recorded; the verdicts read the last \(summary.audits) audits. "
            + "\(summary.flaky.count) flaky, \(summary.findings.count) findings, "
            + "\(summary.notYetAlone.count) tests not yet run alone.</p>\n"
        body += "<section id=\"trends\"><h2>Trends</h2>\n"
        for series in Self.series {
            body += chart(id: series.id, title: series.title, unit: series.unit, value: series.value)
        }
        body += "</section>\n"
        body += "<section id=\"flaky\"><h2>Flaky tests</h2>\n"
        if summary.flaky.isEmpty {
            body += "<p>None: no test changed outcome between identical runs.</p>\n"
        } else {
            body += "<table><thead><tr><th>Test</th><th>Flip rate (95% interval)</th><th>Runs</th><th>Since</th></tr></thead><tbody>\n"
            for test in summary.flaky {
                let low = test.interval.lowerBound * 100
                let high = test.interval.upperBound * 100
                body += "<tr><td>\(escape(test.test.rawValue))</td><td><svg class=\"rate\" width=\"160\" height=\"14\" role=\"img\" "
                    + "aria-label=\"flip rate \(format(test.flipRate)), 95% interval \(format(test.interval.lowerBound)) to \(format(test.interval.upperBound))\">"
                    + "<rect x=\"0\" y=\"5\" width=\"160\" height=\"4\" fill=\"#e5e7eb\"/>"
                    + "<rect class=\"interval\" x=\"\(format(low * 1.6))\" y=\"3\" width=\"\(format(max(1, (high - low) * 1.6)))\" height=\"8\" fill=\"#fca5a5\"/>"
                    + "<rect class=\"point\" x=\"\(format(test.flipRate * 160 - 1))\" y=\"1\" width=\"2\" height=\"12\" fill=\"#b91c1c\"/></svg> "
                    + "\(format(test.flipRate)) (\(format(test.interval.lowerBound))–\(format(test.interval.upperBound)))</td>"
                    + "<td>\(test.trials + 1)</td><td>\(escape(test.firstFlip?.sentence ?? ""))\(test.newlyFlaky ? " (new)" : "")</td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        body += "</section>\n"
        if !summary.quarantineAdvice.isEmpty {
            body += "<section id=\"quarantine\"><h2>Add to .litmus-quarantine</h2><pre>"
            body += summary.quarantineAdvice.map { escape($0.line) }.joined(separator: "\n")
            body += "</pre></section>\n"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Litmus history</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #111827; padding: 0 1rem; }
            h1 { font-size: 1.4rem; word-break: break-all; } h2 { font-size: 1.15rem; margin-top: 2rem; }
            .chart { margin: 1rem 0; } .chart h3 { font-size: 1rem; margin: 0 0 .25rem; }
            .chart svg { width: 100%; height: auto; border: 1px solid #e5e7eb; background: #fff; }
            .empty { color: #6b7280; } table { border-collapse: collapse; width: 100%; }
            td, th { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #e5e7eb; vertical-align: middle; }
            pre { background: #f3f4f6; padding: .75rem; overflow-x: auto; }
            </style></head>
            <body>
            \(body)</body></html>

            """
    }

    /// One chart: a line over the runs that have the figure, with its first and last values labelled.
    private func chart(id: String, title: String, unit: String, value: (TrendPoint) -> Double?) -> String {
        let points = summary.trend.enumerated().compactMap { index, point in value(point).map { (index, point, $0) } }
        guard !points.isEmpty else {
            return "<div class=\"chart\" id=\"chart-\(id)\"><h3>\(title)</h3><p class=\"empty\">Not measured in these runs.</p></div>\n"
        }
        let width = 640.0
        let height = 160.0
        let left = 48.0
        let right = 12.0
        let top = 12.0
        let bottom = 28.0
        let values = points.map(\.2)
        let low = min(0, values.min()!)
        let high = max(values.max()!, low + (unit == "%" ? 100 : 1))
        let count = max(1, summary.trend.count - 1)
        func x(_ index: Int) -> Double { left + (width - left - right) * Double(index) / Double(count) }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - (value - low) / (high - low)) }
        let path = points.map { "\(format(x($0.0))),\(format(y($0.2)))" }.joined(separator: " ")
        var svg = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(title) per run\">"
        svg += "<line x1=\"\(left)\" y1=\"\(format(y(low)))\" x2=\"\(width - right)\" y2=\"\(format(y(low)))\" stroke=\"#9ca3af\"/>"
        svg += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(format(y(low)))\" stroke=\"#9ca3af\"/>"
        svg += "<text x=\"\(left - 6)\" y=\"\(format(y(high) + 4))\" text-anchor=\"end\" font-size=\"11\">\(label(high, unit))</text>"
        svg += "<text x=\"\(left - 6)\" y=\"\(format(y(low) + 4))\" text-anchor=\"end\" font-size=\"11\">\(label(low, unit))</text>"
        svg += "<polyline class=\"series\" points=\"\(path)\" fill=\"none\" stroke=\"#2563eb\" stroke-width=\"2\"/>"
        for (index, point, value) in points {
            let tip = "\(point.date.formatted(.iso8601.year().month().day())) \(point.commit.map { String($0.prefix(8)) } ?? "") \(point.kind.rawValue): \(label(value, unit))"
            svg += "<circle cx=\"\(format(x(index)))\" cy=\"\(format(y(value)))\" r=\"3\" fill=\"#2563eb\"><title>\(escape(tip))</title></circle>"
        }
        if let first = summary.trend.first, let last = summary.trend.last {
            svg += "<text x=\"\(left)\" y=\"\(height - 8)\" font-size=\"11\">\(first.date.formatted(.iso8601.year().month().day()))</text>"
            svg += "<text x=\"\(width - right)\" y=\"\(height - 8)\" text-anchor=\"end\" font-size=\"11\">\(last.date.formatted(.iso8601.year().month().day()))</text>"
        }
        svg += "</svg>"
        let latest = points.last.map { label($0.2, unit) } ?? ""
        return "<div class=\"chart\" id=\"chart-\(id)\"><h3>\(title): \(latest) at the last run</h3>\(svg)</div>\n"
    }

    private func label(_ value: Double, _ unit: String) -> String {
        unit.isEmpty ? String(format: value.rounded() == value ? "%.0f" : "%.1f", value) : String(format: "%.1f", value) + " " + unit
    }

    private func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
