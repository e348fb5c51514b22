import Foundation

/// Kills a process with everything it started. SwiftPM puts each compiler it starts in a process group
/// of its own, so killing the build's group is not enough: the tree is found through /proc, stopped
/// (so nothing new is started), then killed, leaves first.
package enum ProcessTree {
    /// Stops `root` and every descendant, kills them leaves first, and waits (at most 2 s) until they are gone.
    package static func terminate(_ root: Int32) {
        var tree: [Int32] = [root]
        for _ in 0..<5 {
            for pid in tree { _ = kill(pid, SIGSTOP) }
            let found = [root] + descendants(of: root)
            if Set(found) == Set(tree) { break }
            tree = found
        }
        for pid in tree.reversed() {
            _ = kill(-pid, SIGKILL)
            _ = kill(pid, SIGKILL)
        }
        // Wait (at most 2 s) until they are gone, so no compiler writes into a folder about to be deleted.
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, tree.contains(where: isAlive) { usleep(10_000) }
    }

    /// Whether `pid` runs (a zombie, dead and not yet reaped, does not).
    package static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
            return kill(pid, 0) == 0 && !FileManager.default.fileExists(atPath: "/proc")
        }
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// Every descendant of `root`, parents before their children (Linux: /proc; elsewhere none).
    package static func descendants(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After "pid (name)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(pid) }
        }
        var result: [Int32] = []
        var queue = children[root] ?? []
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            result.append(pid)
            queue += children[pid] ?? []
        }
        return result
    }
}
