import Foundation

/// git, asked as a child process: the tools read a package's commit, diff and files with it. Every call
/// runs without optional locks (the user's own git may be working in the same repository at the time) and
/// without the caller's `GIT_DIR` and `GIT_WORK_TREE` (set inside a git hook, they would point it at
/// another tree).
package enum Git {
    /// git on `PATH` (or in /usr/bin); `nil` when it is not installed.
    package static var executable: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folder = (path.split(separator: ":").map(String.init) + ["/usr/bin"]).first {
            FileManager.default.isExecutableFile(atPath: "\($0)/git")
        }
        return folder.map { URL(fileURLWithPath: $0).appendingPathComponent("git") }
    }

    /// Runs git with `arguments` in `folder` (paths in its output quoted as C strings, `core.quotePath`);
    /// `nil` when git is not installed.
    package static func run(_ arguments: [String], in folder: URL, timeout: Double = 120) async throws
        -> ChildProcessResult?
    {
        guard let git = executable else { return nil }
        return try await ChildProcess.run(
            git, ["-c", "core.quotePath=true"] + arguments, in: folder.standardizedFileURL,
            environment: ["GIT_OPTIONAL_LOCKS": "0"], unsetting: ["GIT_DIR", "GIT_WORK_TREE"], timeout: timeout)
    }

    /// What git printed with `arguments` in `folder` when it exited 0; `nil` when it failed, could not run
    /// or is not installed.
    package static func output(_ arguments: [String], in folder: URL) async -> String? {
        guard let result = try? await run(arguments, in: folder), result.status == 0 else { return nil }
        return result.output
    }

    /// The commit checked out in the work tree holding `folder`, or `nil` when it is in none (or git is
    /// missing).
    package static func head(of folder: URL) async -> String? {
        let head = await output(["rev-parse", "HEAD"], in: folder)?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let head, head.count == 40, head.allSatisfy(\.isHexDigit) else { return nil }
        return head
    }
}
