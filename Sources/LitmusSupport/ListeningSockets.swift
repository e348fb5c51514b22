import Foundation

/// The TCP addresses a process listens on (`127.0.0.1:8080`, `[::]:9000`), read from /proc on Linux: its
/// socket descriptors' inodes matched against /proc/PID/net/tcp and tcp6's listening rows. Empty on other
/// platforms and when /proc cannot be read (a process that ended, another user's).
package enum ListeningSockets {
    /// The addresses `pid` listens on, sorted.
    package static func addresses(of pid: Int32) -> [String] {
        #if os(Linux)
            let inodes = socketInodes(of: pid)
            guard !inodes.isEmpty else { return [] }
            var found: Set<String> = []
            for table in ["tcp", "tcp6"] {
                guard let text = procText("/proc/\(pid)/net/\(table)") else { continue }
                for row in listening(in: text) where inodes.contains(row.inode) { found.insert(row.address) }
            }
            return found.sorted()
        #else
            return []
        #endif
    }

    /// The whole text of a file of /proc, read to its end: /proc reports a size of 0, and a read that
    /// trusts the size (or takes one buffer) gets the first page only. A busy process's `net/tcp` holds
    /// hundreds of rows, and its listening socket was missed beyond the first 4 KB.
    static func procText(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The inodes of `pid`'s sockets, from its descriptors' links (`socket:[12345]`).
    static func socketInodes(of pid: Int32) -> Set<String> {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var inodes: Set<String> = []
        for descriptor in descriptors {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + descriptor),
                target.hasPrefix("socket:["), target.hasSuffix("]")
            else { continue }
            inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
        }
        return inodes
    }

    /// The listening rows (state 0A) of a /proc/net/tcp or tcp6 table: each local address and inode.
    static func listening(in table: String) -> [(address: String, inode: String)] {
        table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9, fields[3] == "0A", let address = address(String(fields[1])) else { return nil }
            return (address, String(fields[9]))
        }
    }

    /// `0100007F:1F90` → `127.0.0.1:8080`; an IPv6 row's 32 hex digits → `[::1]:8080` (the kernel writes
    /// each 32-bit word in host order, little-endian here).
    static func address(_ field: String) -> String? {
        let parts = field.split(separator: ":")
        guard parts.count == 2, let port = UInt16(parts[1], radix: 16) else { return nil }
        let hex = Array(parts[0])
        var bytes: [UInt8] = []
        for word in stride(from: 0, to: hex.count, by: 8) {
            guard word + 8 <= hex.count else { return nil }
            var wordBytes: [UInt8] = []
            for index in stride(from: word, to: word + 8, by: 2) {
                guard let byte = UInt8(String(hex[index..<index + 2]), radix: 16) else { return nil }
                wordBytes.append(byte)
            }
            bytes += wordBytes.reversed()
        }
        switch bytes.count {
        case 4:
            return bytes.map(String.init).joined(separator: ".") + ":\(port)"
        case 16:
            var groups: [String] = []
            for index in stride(from: 0, to: 16, by: 2) {
                groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
            }
            return "[\(compressed(groups))]:\(port)"
        default:
            return nil
        }
    }

    /// IPv6 groups with the longest run of zeros (two or more) written `::`.
    private static func compressed(_ groups: [String]) -> String {
        var best = (start: -1, length: 0)
        var index = 0
        while index < groups.count {
            guard groups[index] == "0" else {
                index += 1
                continue
            }
            var end = index
            while end < groups.count, groups[end] == "0" { end += 1 }
            if end - index > best.length { best = (index, end - index) }
            index = end
        }
        guard best.length >= 2 else { return groups.joined(separator: ":") }
        let head = groups[..<best.start].joined(separator: ":")
        let tail = groups[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }
}
