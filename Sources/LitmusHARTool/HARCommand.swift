import ArgumentParser
import Foundation
import LitmusHTTPStubs

/// `litmus-har`, which `litmus har` runs: commands on HAR recordings (docs/http-stubs.md). An executable
/// of its own, not a subcommand of `litmus`: LitmusHTTPStubs links the test frameworks and
/// IssueReportingTestSupport, a dynamic library of the build folder, which `litmus` must not need to start
/// once copied elsewhere; `litmus har` replaces itself with this program.
@main
struct HARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "litmus-har",
        abstract: "Look into HAR recordings before committing or replaying them, and check them against the service.",
        subcommands: [HARInspectCommand.self, HARVerifyCommand.self]
    )
}

/// `litmus-har inspect FILE`: the entries of a recording, the matchers a replay makes of them, the
/// values redacted and its age.
struct HARInspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a HAR file's entries, how a replay matches them, what was redacted and its age.",
        discussion: """
            Entries: method, status, response body size and URL. Matching: the matcher each entry \
            becomes under the default rules (HARMatching.standard), after the standard redaction. \
            Redacted: every header, cookie, query item, form field and JSON field whose value reads \
            REDACTED. Age: from the oldest entry's startedDateTime. A file that is missing or not a HAR \
            exits 2.

              litmus-har inspect Tests/AppTests/Recordings/search.har
            """
    )

    @Argument(help: "The HAR file to inspect.")
    var file: String

    func run() throws {
        do {
            print(try Self.report(of: file), terminator: "")
        } catch {
            FileHandle.standardError.write(Data("litmus-har inspect: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The report on the HAR at `path`, its age measured at `now`.
    ///
    /// - Throws: ``HARInspectFailure`` naming the file and the fix.
    static func report(of path: String, now: Date = Date()) throws(HARInspectFailure) -> String {
        do {
            return try HARInspection(file: path, now: now).text
        } catch {
            throw HARInspectFailure(error: error)
        }
    }
}

/// Why `litmus-har inspect` could not read a file, naming the file and the fix.
struct HARInspectFailure: Error, Equatable, CustomStringConvertible {
    /// What reading the file threw.
    let error: HARError

    /// The sentence printed before exiting 2.
    var description: String {
        guard case .unreadable(let file, let reason) = error else { return error.description }
        return "The HAR file \(file) could not be read (\(reason)). Check the path (a relative one is read "
            + "from the current folder), or record the file first with LITMUS_HTTP_RECORD=missing swift test."
    }
}
