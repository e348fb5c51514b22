import ArgumentParser
import Foundation
import LitmusHTTPStubs

/// `litmus-har verify FILE --against URL`: replays a recording's requests against a live service and
/// reports what changed in its answers; exits 1 when something did, 2 when it could not verify.
struct HARVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Replay a HAR file's requests against a live service and report what changed.",
        discussion: """
            Each entry's request is sent to the service (its path and query under the URL given to \
            --against), in order, and the answer compared with the recorded one: the status, headers \
            added or removed (Date, Server, Content-Length and other volatile ones aside), the media type, \
            and the JSON body's fields added, removed or retyped, by key path. Values that merely differ \
            are not changes. Exits 0 when nothing changed, 1 when something did, 2 when the file cannot be \
            read, an entry cannot be replayed (a value redacted when recorded: give redacted headers with \
            --header) or the service cannot be reached.

              litmus-har verify search.har --against http://127.0.0.1:8080 --header "Authorization: Bearer $TOKEN"
            """
    )

    @Argument(help: "The HAR file to verify.")
    var file: String

    @Option(help: "The live service: its scheme, host and port replace the recorded ones.")
    var against: String

    @Option(name: .customLong("header"), help: "A header sent with every request, 'Name: value' (repeatable).")
    var headers: [String] = []

    func run() async throws {
        do {
            let verification = try await Self.verify(file: file, against: against, headers: headers)
            print(verification, terminator: "")
            if verification.hasChanges { throw ExitCode(1) }
        } catch let failure as HARVerifyFailure {
            FileHandle.standardError.write(Data("litmus-har verify: \(failure)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The verification of the HAR at `path` against `target`, with `headers` (`Name: value`) on every request.
    ///
    /// - Throws: ``HARVerifyFailure`` naming the file, the entry or the option, and the fix.
    static func verify(file path: String, against target: String, headers: [String]) async throws(HARVerifyFailure)
        -> HARVerification
    {
        var fields: [String: String] = [:]
        for header in headers {
            let parts = header.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, !parts[0].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw HARVerifyFailure(
                    message: "--header \(header) is not a header: write it as 'Name: value', such as "
                        + "--header 'Authorization: Bearer TOKEN'.")
            }
            fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        guard let url = URL(string: target) else {
            throw HARVerifyFailure(message: HARVerifyError.invalidTarget(target).description)
        }
        let har: HAR
        do {
            har = try HAR(contentsOf: URL(fileURLWithPath: path))
        } catch {
            guard case .unreadable(let file, let reason) = error else {
                throw HARVerifyFailure(message: error.description)
            }
            throw HARVerifyFailure(
                message: "The HAR file \(file) could not be read (\(reason)). Check the path (a relative one is "
                    + "read from the current folder).")
        }
        do {
            // Named as given, so the report and errors read as the command line did.
            return try await HARVerification.verify(har, file: path, against: url, headers: fields)
        } catch {
            throw HARVerifyFailure(message: error.description)
        }
    }
}

/// Why `litmus-har verify` could not verify, naming the file, the entry or the option, and the fix.
struct HARVerifyFailure: Error, Equatable, CustomStringConvertible {
    /// The sentence printed before exiting 2.
    let message: String

    var description: String { message }
}
