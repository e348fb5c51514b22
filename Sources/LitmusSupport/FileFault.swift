import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file operation failed, in the user's words: no space, read-only, no permission, no such
/// folder. Foundation's own message for these ("The operation could not be completed", `Code=4`)
/// names neither the cause nor the fix.
package enum FileFault {
    /// The cause of `error` (a Foundation or POSIX error), in a few words.
    package static func reason(_ error: any Error) -> String {
        if let code = errorNumber(of: error) { return reason(errno: code) }
        return (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }

    /// The cause of a failure with the system's error number `code`, in a few words.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "no space left on its disk"
        case EROFS: return "its file system is read-only"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "its folder does not exist"
        case ENOTDIR: return "a file stands where a folder should be"
        case EISDIR: return "it is a folder"
        case ENAMETOOLONG: return "its name is too long"
        default: return String(cString: strerror(code))
        }
    }

    /// Whether `error` (or its underlying error) is a full disk or quota.
    package static func isDiskFull(_ error: any Error) -> Bool {
        guard let code = errorNumber(of: error) else { return false }
        return code == ENOSPC || code == EDQUOT
    }

    /// Whether a tool's `output` says it ran out of disk space (the system's message; SQLite's, which
    /// SwiftPM's build database prints; SwiftPM's "I/O error (code: 28)" when its temporary folder is full).
    package static func reportsDiskFull(_ output: String) -> Bool {
        output.contains("No space left on device") || output.contains("database or disk is full")
            || output.contains("Disk quota exceeded") || output.contains("I/O error (code: \(ENOSPC))")
    }

    /// Why `folder` takes no new data, or `nil` when it does: a small file is written there, synced
    /// and deleted (on a full disk, creating an empty file may succeed where writing fails).
    package static func unwritable(_ folder: URL) -> String? {
        let probe = folder.appendingPathComponent(".litmus-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return reason(errno: errno) }
        defer {
            close(descriptor)
            unlink(probe)
        }
        let block = [UInt8](repeating: 0, count: 8192)
        let written = block.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 { return reason(errno: errno) }
        if written < block.count { return reason(errno: ENOSPC) }
        if fsync(descriptor) != 0 { return reason(errno: errno) }
        return nil
    }

    /// The POSIX error number behind `error`, if it carries one.
    private static func errorNumber(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return Int32(bridged.code) }
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? any Error {
            return errorNumber(of: underlying)
        }
        switch CocoaError.Code(rawValue: bridged.domain == NSCocoaErrorDomain ? bridged.code : -1) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        default: return nil
        }
    }
}

/// The system's `write(2)`, for types with a `write` of their own.
func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
