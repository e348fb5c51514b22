import ArgumentParser
import Foundation
import LitmusAudit
import LitmusReport
import LitmusSupport

/// `--sarif FILE` and `--github`, the same for `litmus audit`, `litmus mutate` and `litmus merge`: the
/// findings and undetected mutants as SARIF 2.1.0 for code scanning, and as GitHub Actions annotations
/// and a job summary (docs/ci.md).
public struct CIReportOptions: ParsableArguments {
    /// Where to write SARIF.
    @Option(help: "Write the findings and undetected mutants as SARIF 2.1.0 to this file (GitHub code scanning).")
    public var sarif: String?

    /// GitHub Actions output.
    @Flag(
        help: """
            Print a GitHub Actions annotation per finding and append a Markdown summary to \
            $GITHUB_STEP_SUMMARY (the default when GITHUB_ACTIONS=true).
            """)
    public var github = false

    /// Creates the options (ArgumentParser fills them).
    public init() {}

    /// Whether to write GitHub's annotations and summary: `--github`, or `GITHUB_ACTIONS=true`.
    public func githubEnabled(environment: [String: String]) -> Bool {
        github || environment["GITHUB_ACTIONS"] == "true"
    }

    /// The job summary file GitHub gives (`GITHUB_STEP_SUMMARY`), when GitHub output is on and it is set.
    public func summaryFile(environment: [String: String]) -> String? {
        guard githubEnabled(environment: environment), let file = environment["GITHUB_STEP_SUMMARY"], !file.isEmpty
        else { return nil }
        return file
    }

    /// Writes the SARIF log and, with GitHub output on, prints the annotations (through `print`) and
    /// appends the summary. `package` is the audited folder, from which paths are named relative to the
    /// working directory; `html` is the HTML report's path, if one was written, for the summary's link.
    public func emit(
        audit: AuditReport?, mutation: StrykerReport?, minimumMutationScore: Double? = nil, package: String,
        html: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath,
        print: (String) -> Void = { Swift.print($0) }
    ) throws {
        let prefix = SARIFReport.prefix(package: package, workingDirectory: workingDirectory)
        if let sarif {
            let data = try SARIFReport(audit: audit, mutation: mutation, pathPrefix: prefix).json()
            try OutputPaths.write(data, to: sarif, option: "--sarif")
        }
        guard githubEnabled(environment: environment) else { return }
        let report = GitHubReport(
            audit: audit, mutation: mutation, minimumMutationScore: minimumMutationScore, pathPrefix: prefix,
            reportLink: html == nil ? nil : GitHubReport.runLink(environment: environment))
        for line in report.annotations() { print(line) }
        if let file = summaryFile(environment: environment) {
            try OutputPaths.append(Data(report.summary().utf8), to: file)
        }
    }

    /// Refuses, before any work, a `--sarif` file or summary file that could not be written
    /// (``OutputPaths/check(_:)``).
    public func check(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try OutputPaths.check([("--sarif", sarif), ("GITHUB_STEP_SUMMARY", summaryFile(environment: environment))])
    }
}

/// The output files of a command, checked before the work starts, so that a run of minutes does not end
/// in a file that cannot be written.
public enum OutputPaths {
    /// Why an output file cannot be written.
    public struct Problem: Error, CustomStringConvertible {
        /// The option or variable that named it.
        public var option: String
        /// The file.
        public var path: String
        /// What is wrong, and the fix.
        public var reason: String

        /// The message: the option, the file, the reason and the fix.
        public var description: String { "\(option) \(path): \(reason)" }

        init(option: String, path: String, reason: String) {
            self.option = option
            self.path = path
            self.reason = reason
        }

        /// The problem ``OutputFile`` found.
        init(_ error: OutputFileError) {
            self.init(option: error.flag, path: error.path, reason: "\(error.reason); \(error.fix).")
        }
    }

    /// Throws a ``Problem`` for the first file (by the option that names it; `nil` and `-` are skipped)
    /// that cannot be written: ``OutputFile/check()``, the check of every report file.
    public static func check(_ outputs: [(option: String, path: String?)]) throws {
        for file in OutputFile.files(outputs.map { (flag: $0.option, path: $0.path) }) {
            do { try file.check() } catch { throw Problem(error) }
        }
    }

    /// Writes `data` to `path` whole (``OutputFile/write(_:)-(Data)``) or throws a ``Problem``.
    static func write(_ data: Data, to path: String, option: String) throws {
        do { try OutputFile(flag: option, path: path).write(data) } catch { throw Problem(error) }
    }

    /// Appends `data` to `path` in one write, creating it if missing, or throws a ``Problem``.
    static func append(_ data: Data, to path: String) throws {
        do {
            if !FileManager.default.fileExists(atPath: path) {
                guard FileManager.default.createFile(atPath: path, contents: nil) else {
                    throw CocoaError(.fileWriteUnknown)
                }
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            _ = try handle.seekToEnd()
            try handle.write(contentsOf: data)
        } catch {
            throw Problem(
                option: "GITHUB_STEP_SUMMARY", path: path,
                reason: "the summary could not be appended: \(FileFault.reason(error)); "
                    + "make GITHUB_STEP_SUMMARY name a file that can be written.")
        }
    }
}
