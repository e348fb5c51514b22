import SwiftSyntax

/// A stored recorder of the double's `Members`: a `Member`, an `AsyncMember` or a `Property`.
struct Recorder {
    let name: String
    let type: String
    let signature: String
    /// Subscript setters: a set is recorded but never a strict-mode failure.
    var isAlwaysAllowed = false
    /// What an unstubbed call returns when the result's type has no `DefaultValue`: `Token()`.
    var fallback: String?
    /// The `#if` condition of the requirement it records, or `nil`.
    var condition: String?
    /// The lines of the `Members` function that matches the member's calls by their arguments
    /// (`fetch(id:)` taking an `Arg<Int>`), or none.
    var matcher: [String] = []

    /// `lines` inside `#if condition` … `#endif` when the recorder has a condition.
    func conditional(_ lines: [String]) -> [String] {
        guard let condition else { return lines }
        return IfCondition.wrap(lines, in: condition)
    }
}

struct RecorderSet {
    private(set) var recorders: [Recorder] = []

    var isEmpty: Bool { recorders.isEmpty }

    mutating func add(_ more: [Recorder]) {
        recorders.append(contentsOf: more)
    }
}

/// Readable, distinct recorder names: `fetch`, or `fetchId` and `fetchName` for overloads.
///
/// Requirements in different clauses of one `#if` never exist together, so they may share a name:
/// `schedule(after:)` under `#if A` and `schedule(afterTicks:)` under `#else` are both `schedule`,
/// and a test uses the same name whichever clause its build compiles.
enum MemberNaming {
    static func names(for requirements: [Requirement], conditions: [IfCondition?]) -> [String] {
        let candidates = requirements.map(\.nameCandidates)
        var levels = Array(repeating: 0, count: requirements.count)
        func name(_ index: Int) -> String {
            let options = candidates[index]
            return options[min(levels[index], options.count - 1)]
        }
        func coexist(_ first: Int, _ second: Int) -> Bool {
            IfCondition.mayCoexist(conditions[first], conditions[second])
        }
        for _ in 0..<3 {
            var groups: [String: [Int]] = [:]
            for index in requirements.indices {
                groups[scope(requirements[index]) + name(index), default: []].append(index)
            }
            let clashing = requirements.indices.filter { index in
                groups[scope(requirements[index]) + name(index), default: []].contains {
                    $0 != index && coexist($0, index)
                }
            }
            if clashing.isEmpty { break }
            for index in clashing { levels[index] += 1 }
        }
        var named: [(key: String, index: Int)] = []
        return requirements.indices.map { index in
            let base = name(index)
            let key = scope(requirements[index]) + base
            let count = 1 + named.filter { $0.key == key && coexist($0.index, index) }.count
            named.append((key, index))
            let unique = count == 1 ? base : base + "\(count)"
            // Keywords, and `mock`: the recorders' own property was named so before `double`.
            return ["mock", "init", "self", "Type", "subscript"].contains(unique) ? unique + "Member" : unique
        }
    }

    private static func scope(_ requirement: Requirement) -> String {
        requirement.isStatic ? "static " : ""
    }
}
