import Foundation

/// Starts `/bin/sleep` for `seconds`, as a test helper might start a server, and returns it running.
public func startHelper(seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sleep")
    process.arguments = ["\(seconds)"]
    try process.run()
    return process
}

/// Starts a shell with an environment of its own (`PATH` alone, as tests often give one) that runs a
/// `sleep` for `seconds` and another in a session of its own, and returns it once it says both started.
public func startWorker(seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
        "-c", "setsid sleep \(seconds) </dev/null >/dev/null 2>&1 & sleep \(seconds + 1) & echo started; wait",
    ]
    process.environment = ["PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    _ = output.fileHandleForReading.availableData
    return process
}

/// The signals blocked in this process, as /proc/self/status shows them (`SigBlk`), in hexadecimal.
public func blockedSignals() throws -> String {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") } ?? ""
    return line.split(separator: "\t").last.map(String.init) ?? ""
}

/// Starts a server that listens on a free port of 127.0.0.1 for `seconds`, as a test might start a stub
/// server, and returns it running once it listens.
public func startServer(seconds: Int) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script =
        "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
        + "print(s.getsockname()[1], flush=True); time.sleep(\(seconds))"
    process.arguments = ["python3", "-c", script]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // It prints its port once it listens: wait for the whole line (or its end).
    var printed = Data()
    while !printed.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        printed += chunk
    }
    return process
}

/// Writes `text` to `name` in the working directory (the package, under `swift test`) and returns its URL.
public func saveReport(_ text: String, named name: String) throws -> URL {
    let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
}
