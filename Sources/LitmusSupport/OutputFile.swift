import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command writes a report to (`--json`, `--junit`, `--html`): checked before any work, so a
/// bad path costs nothing, and written whole or not at all (a temporary file beside it, then renamed
/// over it), so a full disk leaves no half-written report.
package struct OutputFile: Sendable, Hashable {
    /// The flag that named it (`--json`), for the message.
    package var flag: String
    /// The path as given.
    package var path: String

    /// The file `path`, named by `flag`.
    package init(flag: String, path: String) {
        self.flag = flag
        self.path = path
    }

    /// The files of `flags` that were given (`nil` paths left out, and `-`, standard output).
    package static func files(_ flags: [(flag: String, path: String?)]) -> [OutputFile] {
        flags.compactMap { flag, path in
            guard let path, path != "-" else { return nil }
            return OutputFile(flag: flag, path: path)
        }
    }

    /// Checks that the file can be written: its folder exists and takes a new file, and the path is not
    /// a folder. Creates and deletes an empty file beside it, which is what writing will do.
    package func check() throws(OutputFileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw error("it is a folder", fix: "give the path of a file (\(flag) \(suggestion))")
        }
        var folderIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &folderIsFolder) else {
            throw error(
                "its folder \(folder.path) does not exist",
                fix: "create it (mkdir -p \(Shell.quoted(folder.path))) or give a path in an existing folder")
        }
        guard folderIsFolder.boolValue else {
            throw error("\(folder.path) is a file, not a folder", fix: "give a path in a folder")
        }
        let probe = sibling("probe")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            throw error(
                "its folder \(folder.path) takes no new file: \(FileFault.reason(errno: code))",
                fix: "give a path in a folder you can write")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Writes `data` to a temporary file beside the path, then renames it over the path: the file is
    /// either the whole of `data` or as it was. A failure deletes the temporary file.
    package func write(_ data: Data) throws(OutputFileError) {
        let temporary = sibling("tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            throw error("no file can be created beside it: \(FileFault.reason(errno: code))", fix: fix(for: code))
        }
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw error(FileFault.reason(errno: failure), fix: fix(for: failure))
        }
    }

    /// Writes `text` as UTF-8, whole or not at all.
    package func write(_ text: String) throws(OutputFileError) { try write(Data(text.utf8)) }

    private var url: URL { URL(fileURLWithPath: path) }
    private var folder: URL { url.deletingLastPathComponent() }

    /// A file name for a new file beside the path, no other process's.
    private func sibling(_ use: String) -> String {
        folder.appendingPathComponent(
            ".\(url.lastPathComponent).litmus-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(use)"
        )
        .path
    }

    /// A file in the folder the path names, for the fix.
    private var suggestion: String {
        let name = flag == "--junit" ? "report.xml" : flag == "--html" ? "report.html" : "report.json"
        return Shell.quoted(url.appendingPathComponent(name).path)
    }

    private func fix(for code: Int32) -> String {
        code == ENOSPC || code == EDQUOT
            ? "free some space on that disk, or give a path on another" : "give a path in a folder you can write"
    }

    private func error(_ reason: String, fix: String) -> OutputFileError {
        OutputFileError(flag: flag, path: path, reason: reason, fix: fix)
    }
}

/// An output file that cannot be written: the flag, the path, why, and what to do.
package struct OutputFileError: Error, Hashable, CustomStringConvertible, LocalizedError {
    /// The flag that named the file.
    package var flag: String
    /// The path as given.
    package var path: String
    /// Why it cannot be written.
    package var reason: String
    /// What to do.
    package var fix: String

    /// `--json out/a.json cannot be written: its folder out does not exist. Fix: …`
    package var description: String { "\(flag) \(path) cannot be written: \(reason). Fix: \(fix)." }

    /// The same message, for `localizedDescription`.
    package var errorDescription: String? { description }
}
