import Foundation

/// Starts `/bin/sleep` for `seconds`, as a test helper might start a server, and returns it running.
public func startHelper(seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["\(seconds)"]
    try process.run()
    return process
}

/// The signals blocked in this process, as /proc/self/status shows them (`SigBlk`), in hexadecimal.
public func blockedSignals() throws -> String {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") } ?? ""
    return line.split(separator: "\t").last.map(String.init) ?? ""
}
