import Foundation
import LitmusModel

/// How a test process died before its tests ended: the signal, what it printed about why (a `Fatal
/// error`, a failed precondition, the runtime's `*** Program crashed` line) and, when Swift's runtime
/// backtracer ran, the frames of the crashed thread that are in source files. One crash ends every test
/// of its process: the tests that were running are its collateral, and the crash is one finding.
public struct ProcessCrash: Sendable, Hashable, Codable {
    /// One frame of the crashed thread's backtrace with a source location.
    public struct Frame: Sendable, Hashable, Codable {
        /// The function, as the backtrace names it (`closingNeedsTheLedgerAlone()`).
        public var function: String
        /// Its file (relative to the package once mapped).
        public var file: String
        /// Its line.
        public var line: Int
    }

    /// The signal that ended the process; `nil` when it exited with tests still running.
    public var signal: Int32?
    /// Its exit status, or the signal's number.
    public var status: Int32
    /// The lines it printed that say why, at most five.
    public var message: [String]
    /// The crashed thread's frames that have a source location, innermost first, at most 20.
    public var frames: [Frame]
    /// The type names in the crashed thread's frames outside the runtime and the test frameworks
    /// (`URLSession`, `URLSessionTask` of FoundationNetworking's `URLSessionTask.cancel()`): what a crash in
    /// a dependency says about the test that caused it.
    public var symbols: [String] = []

    /// A sentence for the signal: `SIGILL (a trap: fatalError, a failed precondition, …)`; for an exit, its
    /// status and what leaves a test unended.
    package var signalDescription: String {
        guard let signal else {
            return "exit status \(status) while a test ran, its end never reported (the test called exit(), or "
                + "closed the standard output its runner reports on)"
        }
        switch signal {
        case SIGILL: return "SIGILL (a Swift trap: fatalError, a failed precondition or force unwrap)"
        case SIGTRAP: return "SIGTRAP (a Swift trap: fatalError, a failed precondition or force unwrap)"
        case SIGSEGV: return "SIGSEGV (a bad memory access)"
        case SIGBUS: return "SIGBUS (a bad memory access)"
        case SIGABRT: return "SIGABRT (an abort)"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    /// The crash described in `output`, the process's standard output and error (its last MiB), when it
    /// ended by `signal` (or with `status` while tests ran).
    static func read(output: String, signal: Int32?, status: Int32) -> ProcessCrash {
        // A process prints why it dies as it dies: its last MiB says it, however much its tests printed before.
        let tail = output.utf8.count > 1 << 20 ? String(decoding: output.utf8.suffix(1 << 20), as: UTF8.self) : output
        let lines = tail.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let markers = [
            "Fatal error", "Precondition failed", "Assertion failed", "*** Program crashed", "Unexpectedly found nil",
            "Illegal instruction", "Segmentation fault", "Abort", "Trace/breakpoint trap",
        ]
        let message = lines.filter { line in markers.contains { line.contains($0) } }.prefix(5)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return ProcessCrash(
            signal: signal, status: status, message: Array(message), frames: crashedFrames(lines),
            symbols: crashedSymbols(lines))
    }

    /// Libraries whose frames say nothing about which test crashed.
    static let runtimeLibraries = [
        "libswiftCore", "libswift_Concurrency", "libdispatch", "libc.so", "libTesting", "libXCTest", "libFoundation.so",
        "libFoundationEssentials", "libpthread", "ld-linux", "libswiftDispatch", "libswiftGlibc",
    ]

    /// The capitalized names before a `.` in the crashed thread's frames, outside ``runtimeLibraries``.
    static func crashedSymbols(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }) else {
            return []
        }
        var symbols: [String] = []
        for line in lines[(start + 1)...].prefix(40) {
            if line.hasPrefix("Thread ") { break }
            guard let binary = line.range(of: " in ", options: .backwards),
                !runtimeLibraries.contains(where: { line[binary.upperBound...].hasPrefix($0) })
            else { continue }
            let words = line[..<binary.lowerBound].split(whereSeparator: {
                !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".")
            })
            for word in words {
                for part in word.split(separator: ".").dropLast() where part.first?.isUppercase == true {
                    let name = String(part)
                    if !symbols.contains(name) { symbols.append(name) }
                }
            }
        }
        return symbols
    }

    /// The frames with a location (`… in Binary at /path/File.swift:23:5`) of the thread the backtracer
    /// names as crashed (`Thread 4 "…" crashed:`), up to the blank line that ends it.
    static func crashedFrames(_ lines: [String]) -> [Frame] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") }) else {
            return []
        }
        var frames: [Frame] = []
        var index = start + 1
        while index < lines.count, frames.count < 20 {
            let line = lines[index]
            index += 1
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                if frames.isEmpty && index < lines.count { continue }
                break
            }
            if let frame = frame(line) { frames.append(frame) }
        }
        return frames
    }

    /// One backtrace line: `  1 [ra] 0x000055f3 closingNeedsTheLedgerAlone() + 161 in Tests.xctest at
    /// /path/LedgerTests.swift:23:5`.
    private static func frame(_ line: String) -> Frame? {
        guard let at = line.range(of: " at ", options: .backwards) else { return nil }
        let location = line[at.upperBound...].split(separator: ":")
        guard location.count >= 2, let number = Int(location[1]) else { return nil }
        let head = line[..<at.lowerBound]
        // The function: after the address, before ` + offset in` or ` in`.
        guard let address = head.range(of: "0x") else { return nil }
        var function = head[address.upperBound...].drop { $0.isHexDigit }.trimmingCharacters(in: .whitespaces)
        if let plus = function.range(of: " + ") {
            function = String(function[..<plus.lowerBound])
        } else if let inBinary = function.range(of: " in ", options: .backwards) {
            function = String(function[..<inBinary.lowerBound])
        }
        return Frame(function: function, file: String(location[0]), line: number)
    }
}
