import Foundation
import LitmusModel
import LitmusSupport

/// The lines of a package changed since a git ref (`--since REF`): the working tree, uncommitted
/// changes included, against that commit; files git does not track yet (and does not ignore) count
/// wholly. Paths are relative to the package's folder, as the mutants' and the reports' are.
public struct ChangedLines: Sendable, Hashable {
    /// What changed in one file.
    public enum Change: Sendable, Hashable {
        /// A new file (untracked, or added since the ref): every line.
        case whole
        /// These lines of the file as it is now (a deletion marks the lines on both sides of it).
        case lines(Set<Int>)
    }

    /// The ref as the user gave it.
    public var ref: String
    /// The changed files, by path relative to the package.
    public var files: [String: Change]

    /// Creates a set of changes.
    public init(ref: String, files: [String: Change]) {
        self.ref = ref
        self.files = files
    }

    /// Whether `file` changed at all.
    public func touches(file: String) -> Bool { files[file] != nil }

    /// Whether any of `lines` of `file` changed.
    public func touches(file: String, lines: ClosedRange<Int>) -> Bool {
        switch files[file] {
        case nil: return false
        case .whole: return true
        case .lines(let changed): return lines.contains { changed.contains($0) }
        }
    }

    /// The changes in the output of `git diff --unified=0 --no-renames --src-prefix=a/ --dst-prefix=b/`
    /// and in the paths of untracked files.
    public static func parse(ref: String, diff: String, untracked: [String] = []) -> ChangedLines {
        var files: [String: Change] = [:]
        var current: String?
        var isNew = false
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("diff --git ") {
                current = nil
                isNew = false
            } else if line.hasPrefix("--- ") {
                isNew = line == "--- /dev/null"
            } else if line.hasPrefix("+++ ") {
                // git ends the name with a tab when it holds a space (`+++ b/Square Root.swift\t`).
                var name = String(line.dropFirst(4))
                if name.hasSuffix("\t") { name.removeLast() }
                name = unquoted(name)
                current = name.hasPrefix("b/") ? String(name.dropFirst(2)) : nil
                if let current, isNew { files[current] = .whole }
            } else if line.hasPrefix("@@ "), let current, let range = newLines(ofHunk: line) {
                guard case .lines(let before) = files[current] ?? .lines([]) else { continue }
                files[current] = .lines(before.union(range))
            }
        }
        for path in untracked where !path.isEmpty { files[unquoted(path)] = .whole }
        return ChangedLines(ref: ref, files: files)
    }

    /// The lines a hunk header (`@@ -a,b +c,d @@`) gives to the new file: `c` to `c+d-1`, or for a
    /// deletion (`d` is 0) the lines `c` and `c+1` on either side of it.
    static func newLines(ofHunk header: Substring) -> Set<Int>? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let parts = plus.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
        guard let start = parts.first.flatMap({ Int($0) }) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        if count == 0 { return [start, start + 1].filter { $0 > 0 }.reduce(into: []) { $0.insert($1) } }
        return Set(start..<(start + count))
    }

    /// A path as git quotes one with unusual characters (`"b/caf\303\251.swift"`), unquoted.
    static func unquoted(_ path: String) -> String {
        guard path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") else { return path }
        var bytes: [UInt8] = []
        var characters = Array(path.dropFirst().dropLast().utf8)[...]
        while let byte = characters.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = characters.popFirst() else {
                bytes.append(byte)
                continue
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = characters.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else {
                        break
                    }
                    value = value * 8 + Int(digit - UInt8(ascii: "0"))
                    characters.removeFirst()
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(next)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines of `package` changed since `ref`, from git. Throws ``AuditError/badSince(ref:reason:)``
    /// when git is missing, the package is not in a git repository or `ref` names no commit.
    public static func since(_ ref: String, in package: URL) async throws -> ChangedLines {
        guard Git.executable != nil else { throw AuditError.badSince(ref: ref, reason: "git is not on PATH") }
        func run(_ arguments: [String]) async throws -> ChildProcessResult {
            guard let result = try await Git.run(arguments, in: package) else {
                throw AuditError.badSince(ref: ref, reason: "git is not on PATH")
            }
            return result
        }
        // `--end-of-options` keeps a ref such as `-x` from being read as an option.
        let verify = try await run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"])
        guard verify.status == 0 else {
            let inside = try await run(["rev-parse", "--is-inside-work-tree"])
            let reason =
                inside.status == 0
                ? "it names no commit of the package's git repository (try a branch, a tag, a commit or HEAD~1)"
                : "\(package.path) is not in a git work tree: --since needs the package's git history"
            throw AuditError.badSince(ref: ref, reason: reason)
        }
        let diff = try await run([
            "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames", "--relative", "--src-prefix=a/",
            "--dst-prefix=b/", verify.output.trimmingCharacters(in: .whitespacesAndNewlines), "--",
        ])
        guard diff.status == 0 else { throw AuditError.badSince(ref: ref, reason: "git diff failed: \(diff.output)") }
        let untracked = try await run(["ls-files", "--others", "--exclude-standard"])
        guard untracked.status == 0 else {
            throw AuditError.badSince(ref: ref, reason: "git ls-files failed: \(untracked.output)")
        }
        return parse(
            ref: ref, diff: diff.output, untracked: untracked.output.split(separator: "\n").map(String.init))
    }
}
