import LitmusModel
import Testing

@testable import LitmusAudit

/// The walk each test's static footprint takes over the numbered graph (``FootprintWalk``).
@Suite struct FootprintWalkTests {
    static func place(_ state: SharedState, reads: Bool, writes: Bool, line: Int) -> StateAccess {
        StateAccess(state, reads: reads, writes: writes, file: "Sources/M/A.swift", line: line, column: 1)
    }

    @Test("A cycle ends; each state once, reading and writing as any of its places do, at the first place met")
    func cycleAndMerge() {
        let walk = FootprintWalk(
            successors: ["a": ["b"], "b": ["c", "a"], "c": ["b"]],
            accesses: [
                "b": [Self.place(.global("g"), reads: true, writes: false, line: 2)],
                "c": [
                    Self.place(.global("g"), reads: false, writes: true, line: 3),
                    Self.place(.environment, reads: true, writes: false, line: 4),
                ],
            ], unread: [:], dependencyPlaces: [])
        let (places, modules) = walk.footprint(from: ["a"])
        #expect(places.count == 2)
        let global = places.first { $0.state == .global("g") }
        #expect(global?.reads == true)
        #expect(global?.writes == true)
        #expect(global?.line == 2)
        #expect(places.contains { $0.state == .environment && $0.reads && !$0.writes })
        #expect(modules.isEmpty)
        // A root the graph does not know reaches nothing.
        #expect(walk.footprint(from: ["unknown"]).places.isEmpty)
    }

    @Test("A call into a dependency reaches every place of the dependencies; an unread module is named, not followed")
    func dependenciesAndUnreadModules() {
        let dependency = Self.place(.global("Dep.shared"), reads: true, writes: true, line: 9)
        let walk = FootprintWalk(
            successors: ["test": ["helper"], "other": []],
            accesses: [:], unread: ["helper": [.dependency, .module("Hidden")]], dependencyPlaces: [dependency])
        let (places, modules) = walk.footprint(from: ["test"])
        #expect(places == [dependency])
        #expect(modules == ["Hidden"])
        let (none, unreadNone) = walk.footprint(from: ["other"])
        #expect(none.isEmpty)
        #expect(unreadNone.isEmpty)
    }
}
