import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `litmus har …`: runs the `litmus-har` executable beside `litmus` (or else on `PATH`) with the same
/// arguments, in this process's place, so its output and exit status are the command's own. `litmus-har`
/// is a program of its own because it links LitmusHTTPStubs, which brings the test frameworks and a
/// dynamic library of the build folder that `litmus` must not need to start once copied elsewhere.
struct HARForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Look into HAR recordings and check them against the live service (runs litmus-har).",
        discussion: """
            litmus har inspect FILE: a recording's entries, the matchers a replay makes of them, the values \
            redacted and its age. litmus har verify FILE --against URL: replays its requests against the \
            service and reports what changed. Both run the litmus-har executable built beside litmus \
            (swift build --product litmus-har), with the arguments given; litmus har --help prints its help.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "The litmus-har subcommand and its arguments.")
    var arguments: [String] = []

    func run() throws {
        let folder = HARForwarding.ownFolder
        guard let tool = HARForwarding.executable(beside: folder, path: ProcessInfo.processInfo.environment["PATH"])
        else {
            FileHandle.standardError.write(Data("litmus har: \(HARForwarding.missing(beside: folder))\n".utf8))
            throw ExitCode(2)
        }
        let reason = HARForwarding.replaceProcess(with: tool, arguments: arguments)
        FileHandle.standardError.write(Data("litmus har: could not run \(tool.path) (\(reason)).\n".utf8))
        throw ExitCode(2)
    }
}

/// Finding and running `litmus-har` for `litmus har`.
enum HARForwarding {
    /// The executable's name.
    static let name = "litmus-har"

    /// The folder of the running `litmus`, symbolic links resolved (so one on `PATH` that links to a build
    /// folder finds the `litmus-har` built beside it).
    static var ownFolder: URL {
        let program = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return program.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `litmus-har` in `folder`, else the first on `path` (a `PATH` value), if any is executable.
    static func executable(beside folder: URL, path: String?) -> URL? {
        let folders = [folder] + (path ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        return folders.map { $0.appendingPathComponent(name) }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Why `litmus har` cannot run, and the fix.
    static func missing(beside folder: URL) -> String {
        "litmus har runs the litmus-har executable, which is neither beside litmus (in \(folder.path)) nor on "
            + "PATH. Build it where litmus was built (swift build --product litmus-har, with the same -c), or copy "
            + "litmus-har next to litmus."
    }

    /// Replaces this process with `tool` run with `arguments`; returns only when that failed, with why.
    static func replaceProcess(with tool: URL, arguments: [String]) -> String {
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        fflush(nil)
        execv(tool.path, argv)
        return String(cString: strerror(errno))
    }
}
