import Foundation
import LitmusSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A chromedriver (and the Chromium it starts) that cannot outlive this process.
///
/// chromedriver runs under a small `sh` watchdog that holds the read end of a pipe (the lifeline)
/// whose only write end is in this process. When this process closes it, by ``stop()`` or by exiting
/// in any way (a failed test, Ctrl-C, SIGKILL), the kernel closes the pipe, the watchdog's `read`
/// returns, and it kills chromedriver's whole session (chromedriver and every Chromium process) with
/// SIGKILL, then removes their temporary folder. No polling and no signal handler are involved.
final class ChromeDriverProcess: Sendable {
    /// chromedriver's WebDriver endpoint.
    let client: WebDriverClient
    /// chromedriver's process id, which is also its process group and session id.
    let driverProcessID: pid_t
    /// The folder chromedriver and Chromium keep their temporary files in (removed on stop).
    let temporaryFolder: String
    /// The watchdog's process id (its own process group).
    let watchdogProcessID: pid_t
    private let lifeline: Int32
    private let lifelineClosed = Mutex(false)

    /// The watchdog: starts chromedriver in a session of its own ($1 driver, $2 port), prints its pid
    /// and folder, then waits for end of file on standard input and kills that session. Chromium's
    /// profile and crash database go in the folder too (TMPDIR, XDG_CONFIG_HOME): nothing is written
    /// to the home folder, and the crash handlers, which leave the session and end by themselves
    /// when Chromium dies, can be told apart by their command line.
    private static let watchdogScript = #"""
        dir=$(mktemp -d "${TMPDIR:-/tmp}/litmus-ui.XXXXXX") || exit 1
        if command -v setsid >/dev/null 2>&1; then
          TMPDIR="$dir" XDG_CONFIG_HOME="$dir" setsid "$1" --port="$2" --log-path="$dir/chromedriver.log" </dev/null >"$dir/out" 2>&1 &
        else
          TMPDIR="$dir" XDG_CONFIG_HOME="$dir" "$1" --port="$2" --log-path="$dir/chromedriver.log" </dev/null >"$dir/out" 2>&1 &
        fi
        driver=$!
        echo "$driver $dir"
        exec >/dev/null
        read -r _
        kill -9 -"$driver" 2>/dev/null || kill -9 "$driver" 2>/dev/null
        wait
        rm -rf "$dir"
        """#

    private init(client: WebDriverClient, driver: pid_t, folder: String, watchdog: pid_t, lifeline: Int32) {
        self.client = client
        driverProcessID = driver
        temporaryFolder = folder
        watchdogProcessID = watchdog
        self.lifeline = lifeline
    }

    /// Starts chromedriver on a free loopback port and returns once it accepts sessions.
    static func start(_ installation: BrowserInstallation, timeout: Duration = .seconds(20)) async throws
        -> ChromeDriverProcess
    {
        var lastError: (any Error)?
        for _ in 1...3 {  // a free port can be taken between choosing and binding it: choose again
            let port = try FreePort.choose()
            do {
                return try await start(installation, port: port, timeout: timeout)
            } catch let error as LitmusUIError {
                guard case .driverDidNotStart = error else { throw error }
                lastError = error
            }
        }
        throw lastError!
    }

    private static func start(_ installation: BrowserInstallation, port: Int, timeout: Duration) async throws
        -> ChromeDriverProcess
    {
        let lifeline = try pipe()
        let report: (read: Int32, write: Int32)
        do {
            report = try pipe()
        } catch {
            [lifeline.read, lifeline.write].forEach { _ = close($0) }
            throw error
        }
        let watchdog: pid_t
        do {
            watchdog = try ChildProcess.spawnInNewGroup(
                ["/bin/sh", "-c", watchdogScript, "litmus-ui-watchdog", installation.chromedriver, "\(port)"],
                standardInput: lifeline.read, standardOutput: report.write)
        } catch {
            [lifeline.read, lifeline.write, report.read, report.write].forEach { _ = close($0) }
            throw LitmusUIError.processFailed(command: error.executable, reason: error.reason)
        }
        close(lifeline.read)
        close(report.write)
        let line = ChildProcess.readLine(report.read)
        close(report.read)
        let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard fields.count == 2, let driver = pid_t(fields[0]) else {
            close(lifeline.write)
            await ChildProcess.reap(watchdog)
            throw LitmusUIError.processFailed(command: installation.chromedriver, reason: "its watchdog did not start")
        }
        let process = ChromeDriverProcess(
            client: WebDriverClient(baseURL: "http://127.0.0.1:\(port)"), driver: driver, folder: fields[1],
            watchdog: watchdog, lifeline: lifeline.write)
        do {
            try await process.waitUntilReady(timeout: timeout)
        } catch {
            await process.stop()
            throw error
        }
        return process
    }

    /// A close-on-exec pipe, its failure in LitmusUI's terms.
    private static func pipe() throws(LitmusUIError) -> (read: Int32, write: Int32) {
        do {
            return try ChildProcess.pipe()
        } catch {
            throw .processFailed(command: error.executable, reason: error.reason)
        }
    }

    /// Polls chromedriver's /status until it is ready. chromedriver signals readiness only by
    /// answering; each failed poll waits 5 ms (it starts in about 50 ms, so this costs at most 5 ms).
    private func waitUntilReady(timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let status = try? await client.send(.GET, "/status"), status["ready"].bool == true { return }
            guard ChildProcess.isRunning(driverProcessID) else { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        let output = (try? String(contentsOfFile: temporaryFolder + "/out", encoding: .utf8)) ?? ""
        throw LitmusUIError.driverDidNotStart(
            output: output.trimmingCharacters(in: .whitespacesAndNewlines), timeout: timeout)
    }

    /// Kills chromedriver and every browser it started, removes their files, and waits until the
    /// watchdog has done so.
    func stop() async {
        releaseLifeline()
        await ChildProcess.reap(watchdogProcessID)  // returns at once when already reaped
    }

    /// Closes the lifeline without waiting: exactly what the kernel does when this process dies.
    func releaseLifeline() {
        let alreadyClosed = lifelineClosed.withLock { closed in
            defer { closed = true }
            return closed
        }
        if !alreadyClosed { close(lifeline) }
    }
}

/// A free TCP port on 127.0.0.1, found by binding port 0 and closing the socket.
enum FreePort {
    static func choose() throws(LitmusUIError) -> Int {
        #if os(Linux)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .processFailed(command: "socket", reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw .processFailed(command: "bind", reason: String(cString: strerror(errno))) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
